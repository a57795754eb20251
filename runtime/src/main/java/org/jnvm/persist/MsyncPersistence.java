package org.jnvm.persist;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;
import org.jnvm.errors.Errors;

/**
 * Durability on an ordinary file: pwb remembers the page, and pfence forces every page remembered
 * so far with {@code MappedByteBuffer.force(index, length)}, which becomes msync. Forcing at
 * pfence, not at pwb, keeps the ordering promise (what was written back before a pfence is durable
 * before anything after it) while merging the many pwbs that hit one page.
 */
final class MsyncPersistence implements Persistence {
  static final String NAME = "msync";
  private static final int PAGE = 4096;

  private final MappedFile file;
  private final ReentrantLock lock = new ReentrantLock();
  private long[] pending = new long[64];
  private int pendingCount;

  MsyncPersistence(MappedFile file) {
    this.file = file;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void pwb(long address) {
    long page = address & -PAGE;
    lock.lock();
    try {
      if (pendingCount > 0 && pending[pendingCount - 1] == page) {
        return;
      }
      if (pendingCount == pending.length) {
        pending = Arrays.copyOf(pending, pendingCount * 2);
      }
      pending[pendingCount++] = page;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void pwb(long address, long length) {
    long end = address + length;
    for (long page = address & -PAGE; page < end; page += PAGE) {
      pwb(page);
    }
  }

  @Override
  public void pfence() {
    long[] pages;
    int count;
    lock.lock();
    try {
      if (pendingCount == 0) {
        return;
      }
      pages = Arrays.copyOf(pending, pendingCount);
      count = pendingCount;
      pendingCount = 0;
      // The forces run under the lock: a pfence must not return while pages another thread
      // handed over before it are still being forced by that thread.
      Arrays.sort(pages, 0, count);
      forceRuns(pages, count);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void psync() {
    pfence();
  }

  private void forceRuns(long[] pages, int count) {
    int i = 0;
    while (i < count) {
      long start = pages[i];
      long end = start + PAGE;
      int j = i + 1;
      while (j < count && pages[j] <= end) {
        end = Math.max(end, pages[j] + PAGE);
        j++;
      }
      force(start, end);
      i = j;
    }
  }

  private void force(long start, long end) {
    long at = start;
    while (at < end) {
      int chunk = file.chunkIndexOf(at);
      if (chunk < 0) {
        throw Errors.pwbOutsideMapping(at);
      }
      long chunkStart = file.chunkAddress(chunk);
      long chunkEnd = chunkStart + file.chunkLength(chunk);
      long runEnd = Math.min(end, chunkEnd);
      file.chunk(chunk).force((int) (at - chunkStart), (int) (runEnd - at));
      at = runEnd;
    }
  }
}
