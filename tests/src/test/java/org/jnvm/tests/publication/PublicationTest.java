package org.jnvm.tests.publication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.jnvm.JNVM;
import org.jnvm.PObject;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.Heap;
import org.jnvm.heap.HeapConfig;
import org.jnvm.pdt.PArray;
import org.jnvm.pdt.PArrayList;
import org.jnvm.pdt.PConcurrentHashMap;
import org.jnvm.pdt.PHashMap;
import org.jnvm.pdt.PHashSet;
import org.jnvm.pdt.PSkipListMap;
import org.jnvm.pdt.PString;
import org.jnvm.pdt.PTreeMap;
import org.jnvm.tests.proxy.ShmDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Publishing an object publishes the new objects it reaches: a user's class without {@code fa}
 * whose constructor makes a new string (and a new friend with a string of its own) keeps them
 * across a clean reopen, whichever way it is published, and recovery clears nothing.
 */
class PublicationTest {
  @TempDir(factory = ShmDirectory.class)
  Path dir;

  private Heap open() {
    return JNVM.init(dir.resolve("publication.heap"), HeapConfig.ofSize(8 << 20));
  }

  private Heap reopen() {
    JNVM.close();
    return open();
  }

  @AfterEach
  void close() {
    JNVM.close();
  }

  /** A way to publish a person under the root "home", and to find it again after a reopen. */
  record Container(String name, Function<Heap, PObject> make, BiConsumer<PObject, Person> publish, Function<PObject, Person> find) {
    @Override
    public String toString() {
      return name;
    }
  }

  @SuppressWarnings("unchecked")
  static Stream<Arguments> containers() {
    return Stream.of(
        new Container("Roots.put", h -> null, null, null),
        new Container("PHashMap", PHashMap::new, (c, p) -> ((Map<PString, Person>) c).put(PString.of(JNVM.heap(), "k"), p),
            c -> ((Map<PString, Person>) c).get(PString.of(JNVM.heap(), "k"))),
        new Container("PConcurrentHashMap", PConcurrentHashMap::new, (c, p) -> ((Map<PString, Person>) c).put(PString.of(JNVM.heap(), "k"), p),
            c -> ((Map<PString, Person>) c).get(PString.of(JNVM.heap(), "k"))),
        new Container("PTreeMap", PTreeMap::new, (c, p) -> ((Map<PString, Person>) c).put(PString.of(JNVM.heap(), "k"), p),
            c -> ((Map<PString, Person>) c).get(PString.of(JNVM.heap(), "k"))),
        new Container("PSkipListMap", PSkipListMap::new, (c, p) -> ((Map<PString, Person>) c).put(PString.of(JNVM.heap(), "k"), p),
            c -> ((Map<PString, Person>) c).get(PString.of(JNVM.heap(), "k"))),
        new Container("PHashSet", PHashSet::new, (c, p) -> ((PHashSet<Person>) c).add(p),
            c -> ((PHashSet<Person>) c).iterator().next()),
        new Container("PArrayList", PArrayList::new, (c, p) -> ((PArrayList<Person>) c).add(p), c -> ((PArrayList<Person>) c).get(0)),
        new Container("PArray.update", h -> new PArray<Person>(h, 1), (c, p) -> ((PArray<Person>) c).update(0, p),
            c -> ((PArray<Person>) c).get(0)))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("containers")
  void aPublishedObjectKeepsTheNewObjectsItReaches(Container container) {
    Heap heap = open();
    PObject holder = container.make().apply(heap);
    if (holder != null) {
      heap.roots().put("home", holder);
    }
    Person alice = new PersonProxy("alice", 30, "bob");
    if (holder == null) {
      heap.roots().put("home", alice);
    } else {
      container.publish().accept(holder, alice);
    }

    heap = reopen();
    assertEquals(0, heap.recoveryReport().clearedReferences(), "references recovery cleared");
    PObject found = heap.roots().get("home");
    Person back = holder == null ? (Person) found : container.find().apply(found);
    assertNotNull(back, "the person is in the " + container);
    assertEquals("alice", back.getName().toString());
    assertEquals(30, back.getAge());
    Person friend = back.getFriend();
    assertNotNull(friend, "the friend, reached through a new object");
    assertEquals("bob", friend.getName().toString());
    assertEquals(31, friend.getAge());
  }

  @Test
  void updateAndValidatePublishWhatTheObjectReaches() {
    Heap heap = open();
    Person root = new PersonProxy("root", 1, null);
    heap.roots().put("root", root);
    root.updateFriend(new PersonProxy("carol", 40, "dave"));
    Person lone = new PersonProxy("erin", 50, "frank");
    lone.validate(); // the low-level interface: valid, then published with one fence
    heap.pfence();
    heap.roots().wput("lone", lone);

    heap = reopen();
    assertEquals(0, heap.recoveryReport().clearedReferences());
    Person carol = heap.roots().get("root", Person.class).getFriend();
    assertEquals("carol", carol.getName().toString());
    assertEquals("dave", carol.getFriend().getName().toString());
    Person erin = heap.roots().get("lone", Person.class);
    assertEquals("frank", erin.getFriend().getName().toString());
  }

  @Test
  void aNewArrayPublishesItsNewElementsAndWhatTheyReach() {
    Heap heap = open();
    PArray<Person> people = new PArray<>(heap, 3);
    people.set(0, new PersonProxy("gina", 20, "hal"));
    people.set(2, new PersonProxy("ivan", 22, null));
    heap.roots().put("people", people);

    heap = reopen();
    assertEquals(0, heap.recoveryReport().clearedReferences());
    @SuppressWarnings("unchecked")
    PArray<Person> back = heap.roots().get("people", PArray.class);
    assertEquals("hal", back.get(0).getFriend().getName().toString());
    assertNull(back.get(1));
    assertEquals("ivan", back.get(2).getName().toString());
  }

  @Test
  void aFailureAtomicBlockPublishesANewObjectItLinksButDidNotAllocate() {
    Heap heap = open();
    Person root = new PersonProxy("root", 1, null);
    heap.roots().put("root", root);
    Person outside = new PersonProxy("outside", 2, "inner"); // new, allocated before the block
    FailureAtomic.run(() -> root.setFriend(outside));

    heap = reopen();
    assertEquals(0, heap.recoveryReport().clearedReferences());
    Person friend = heap.roots().get("root", Person.class).getFriend();
    assertEquals("outside", friend.getName().toString());
    assertEquals("inner", friend.getFriend().getName().toString());
  }

  @Test
  void publicationLeavesAReferenceToAFreedObjectForRecoveryToClear() {
    Heap heap = open();
    Person gone = new PersonProxy("gone", 1, null);
    Person keeper = new PersonProxy("keeper", 2, null);
    keeper.setFriend(gone);
    heap.free(gone);
    heap.pfence();
    heap.roots().put("keeper", keeper);

    heap = reopen();
    Person back = heap.roots().get("keeper", Person.class);
    assertEquals("keeper", back.getName().toString());
    assertNull(back.getFriend());
    assertEquals(1, heap.recoveryReport().clearedReferences());
  }

  @Test
  void aPlainStoreIntoAPublishedObjectIsClearedWithAWarningNamingTheField() {
    Heap heap = open();
    Person root = new PersonProxy("root", 1, null);
    heap.roots().put("root", root);
    root.setName(PString.of(heap, "renamed")); // a plain store of a new string: not a publication

    List<LogRecord> records = new ArrayList<>();
    Logger logger = Logger.getLogger("org.jnvm.recovery");
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord r) {
        records.add(r);
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    logger.addHandler(capture);
    try {
      heap = reopen();
    } finally {
      logger.removeHandler(capture);
    }
    assertNull(heap.roots().get("root", Person.class).getName(), "recovery cleared the reference to the unpublished string");
    assertEquals(1, heap.recoveryReport().clearedReferences());
    List<LogRecord> warnings = records.stream().filter(r -> r.getLevel() == Level.WARNING).toList();
    assertEquals(1, warnings.size(), "one warning per open: " + records);
    String text = new java.text.MessageFormat(warnings.get(0).getMessage()).format(warnings.get(0).getParameters());
    assertTrue(text.contains("cleared 1 reference") && text.contains(PersonProxy.class.getName() + ".name"), text);
  }
}
