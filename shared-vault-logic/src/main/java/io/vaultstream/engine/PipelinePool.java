package io.vaultstream.engine;

/**
 * The pool a pipelined load needs ({@link LoadPipeline}): the caller plans the next batch on one
 * pooled connection while the writer writes on another, and a batch that adds columns to a table
 * takes one more. Every runtime asks here before it pipelines.
 */
public final class PipelinePool {
  /** The fewest pooled connections a pipelined load runs with. */
  public static final int MIN_SIZE = 3;

  private PipelinePool() {}

  /** Whether a pool of at most {@code poolMaxSize} connections can run a pipelined load. */
  public static boolean suffices(int poolMaxSize) {
    return poolMaxSize >= MIN_SIZE;
  }
}
