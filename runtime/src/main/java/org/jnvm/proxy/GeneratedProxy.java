package org.jnvm.proxy;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a proxy class written by the jnvm processor. It is kept in class files, where coverage
 * tools such as JaCoCo, which skip classes annotated with a {@code *Generated*} annotation of
 * class or runtime retention, see it; {@code javax.annotation.processing.Generated}, which the
 * proxies carry as well, is for source tools such as Error Prone.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface GeneratedProxy {}
