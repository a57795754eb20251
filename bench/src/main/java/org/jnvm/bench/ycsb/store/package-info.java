/**
 * What every YCSB binding that holds records is built on, whatever keeps them: {@link
 * org.jnvm.bench.ycsb.store.StoreBinding} turns YCSB's calls into calls of a {@link
 * org.jnvm.bench.ycsb.store.RecordStore}, which the bindings of a process share and which opens
 * before YCSB's clock starts; {@link org.jnvm.bench.ycsb.store.YcsbRecord} is a record and its byte
 * form; {@link org.jnvm.bench.ycsb.store.StoreSizing} says how much a store must hold.
 */
package org.jnvm.bench.ycsb.store;
