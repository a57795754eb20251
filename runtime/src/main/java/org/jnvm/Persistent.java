package org.jnvm;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an abstract class whose instances live in a persistent heap. The jnvm annotation
 * processor generates, next to a class {@code X}, its proxy {@code XProxy}, which extends {@code X}
 * and implements its abstract accessors over the heap.
 *
 * <pre>{@code
 * @Persistent(fa = Fa.NON_PRIVATE)
 * public abstract class Account implements PObject {
 *   public abstract long getBalance();          // a persistent field, balance
 *   public abstract void setBalance(long v);
 *   long reads;                                 // an ordinary field: volatile, in the proxy
 *   protected Account() {}                      // used by resurrection: no persistent effects
 *   protected Account(long balance) { setBalance(balance); }
 *   public void deposit(long amount) { setBalance(getBalance() + amount); }   // failure-atomic
 * }
 *
 * Account a = AccountProxy.create(100);         // new AccountProxy(100) only inside a block
 * }</pre>
 *
 * <p>The persistent fields are the abstract getter and setter pairs ({@code getX}/{@code setX},
 * or {@code isX} for a boolean), laid out in declaration order, a subclass's after its
 * superclass's. Their types can be primitives, references to {@link PObject} types, and enums.
 * The class must implement {@link PObject}, extend {@code Object} or another {@code @Persistent}
 * class, and have a non-private constructor without arguments, which resurrection runs and which
 * must therefore not touch persistent fields. Ordinary fields stay in the proxy, volatile; {@link
 * PObject#resurrect()} rebuilds them.
 *
 * <p>Each non-private constructor {@code X(args)} gives {@code new XProxy(args)} and {@code
 * XProxy.create(args)}; the generated class comment says how they differ.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Persistent {
  /** Which methods run as failure-atomic blocks; none by default. */
  Fa fa() default Fa.NONE;
}
