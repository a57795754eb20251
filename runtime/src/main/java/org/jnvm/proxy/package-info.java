/**
 * Runtime support for the proxies that the jnvm annotation processor generates: construction
 * before the superclass constructor runs ({@link org.jnvm.proxy.Construction}), the storage of
 * enum fields ({@link org.jnvm.proxy.EnumIds}) and inline byte fields ({@link org.jnvm.proxy.InlineBytes}), and checks done when a proxy class is loaded.
 */
package org.jnvm.proxy;
