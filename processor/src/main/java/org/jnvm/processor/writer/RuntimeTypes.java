package org.jnvm.processor.writer;

import com.palantir.javapoet.ClassName;
import org.jnvm.fa.FailureAtomic;
import org.jnvm.heap.DirectAccess;
import org.jnvm.heap.Handle;
import org.jnvm.heap.PClass;
import org.jnvm.layout.FieldKind;
import org.jnvm.layout.Layout;
import org.jnvm.memory.Memory;
import org.jnvm.persist.Persistence;
import org.jnvm.proxy.Construction;
import org.jnvm.proxy.EnumIds;
import org.jnvm.proxy.GeneratedProxy;
import org.jnvm.proxy.InlineBytes;
import org.jnvm.proxy.Proxies;

/** The runtime types generated code uses, named through the classes themselves. */
final class RuntimeTypes {
  static final ClassName HANDLE = ClassName.get(Handle.class);
  static final ClassName DIRECT_ACCESS = ClassName.get(DirectAccess.class);
  static final ClassName MEMORY = ClassName.get(Memory.class);
  static final ClassName PERSISTENCE = ClassName.get(Persistence.class);
  static final ClassName LAYOUT = ClassName.get(Layout.class);
  static final ClassName FIELD_KIND = ClassName.get(FieldKind.class);
  static final ClassName PCLASS = ClassName.get(PClass.class);
  static final ClassName CONSTRUCTION = ClassName.get(Construction.class);
  static final ClassName TOKEN = ClassName.get(Construction.Token.class);
  static final ClassName FAILURE_ATOMIC = ClassName.get(FailureAtomic.class);
  static final ClassName ENUM_IDS = ClassName.get(EnumIds.class);
  static final ClassName PROXIES = ClassName.get(Proxies.class);
  static final ClassName INLINE_BYTES = ClassName.get(InlineBytes.class);
  static final ClassName GENERATED_PROXY = ClassName.get(GeneratedProxy.class);
  static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

  /** The proxy field that holds the handle; null until a proxy under construction adopts its object. */
  static final String HANDLE_FIELD = "handle";

  /**
   * The proxy field of its direct access to the object's blocks ({@code DirectAccess}): the master
   * block's address, or 0 when the handle granted none.
   */
  static final String BASE_FIELD = "directBase";

  /**
   * The proxy field of the heap's backend, granted with the base: the fast path of {@code pwbX()}
   * writes back by address with it, without loading the handle.
   */
  static final String WRITE_BACK_FIELD = "directWriteBack";

  /** The proxy constant of its payload bytes, which the handle checks once before granting direct access. */
  static final String SIZE_CONSTANT = "SIZE";

  /** The name of {@code DirectAccess}'s method, which proxies implement. */
  static final String DIRECT_ACCESS_METHOD = org.jnvm.processor.model.Names.DIRECT_ACCESS;

  private RuntimeTypes() {}
}
