package io.vaultstream.spark;

import java.util.Map;

/**
 * Keeps the job's streaming queries on one class loader per executor. With Spark's artifact
 * isolation on (its default), every session has an artifact state of its own, and a streaming query
 * runs in a clone of the session that started it, with a session id of its own: on each executor,
 * the tasks of each query then run in a class loader made for that query. Spark caches compiled
 * generated code (projections, whole-stage code) per class loader, so each query compiles the same
 * code again with Janino and the JVM compiles each copy of those classes again; a job started anew
 * in a running session (new queries) does all of it once more. The job adds no artifacts (jars,
 * files) to its session, so for a session it creates, isolation is turned off: every query's tasks
 * then share the executor's class loader and the compiled code. A setting given to spark-submit
 * wins; a session that exists before the job starts keeps its own.
 */
final class SharedClassLoader {
  /** Spark's setting: per-session artifacts, and so per-session class loaders on executors. */
  static final String ISOLATION = "spark.sql.artifact.isolation.enabled";

  private SharedClassLoader() {}

  /** Settings for a session the job creates: isolation off, unless spark-submit set it. */
  static Map<String, String> sessionSettings() {
    return System.getProperty(ISOLATION) == null ? Map.of(ISOLATION, "false") : Map.of();
  }
}
