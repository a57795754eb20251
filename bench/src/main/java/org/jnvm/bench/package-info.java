/** JMH benchmarks of the jnvm runtime and persistent data types. */
package org.jnvm.bench;
