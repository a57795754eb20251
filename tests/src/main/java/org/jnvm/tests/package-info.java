/** Integration and crash-consistency tests across the runtime, pdt and processor modules. */
package org.jnvm.tests;
