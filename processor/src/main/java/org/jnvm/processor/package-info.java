/** Annotation processor that generates persistent proxies for jnvm classes. */
package org.jnvm.processor;
