package org.jnvm;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On the getter of a {@code byte[]} field of a {@link Persistent} class: the field's bytes are
 * stored in the object itself, up to {@link #capacity()} of them, rather than in an object of their
 * own. A read copies them into a new array, a write copies the array in; null is a value too.
 *
 * <p>Reading an object's inline fields touches only its own blocks, and writing one allocates
 * nothing. A write longer than the capacity throws {@code IllegalArgumentException}. Like a write
 * of several primitive fields, a write of an inline field is all-or-nothing across a crash only
 * inside a failure-atomic block. A field of a capacity up to 252 (256 bytes with its length) is
 * laid out within one 256-byte block, so that a failure-atomic block takes one in-flight copy to
 * write it; a larger one spans blocks.
 *
 * <pre>{@code
 * @Inline(capacity = 100)
 * public abstract byte[] getPayload();
 * public abstract void setPayload(byte[] payload);
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Inline {
  /** The most bytes the field holds. */
  int capacity();
}
