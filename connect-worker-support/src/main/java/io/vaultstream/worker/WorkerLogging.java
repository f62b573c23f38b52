package io.vaultstream.worker;

import java.nio.file.Path;

/**
 * How a Kafka release configures the worker's logging: Kafka 3.x ships reload4j (log4j 1 syntax),
 * Kafka 4.x log4j2. Either way INFO goes to standard output, which the launcher writes to the
 * worker's log file, in the layout of Kafka's own connect-log4j file.
 */
public enum WorkerLogging {
  /** Kafka 3.x: {@code -Dlog4j.configuration}, a connect-log4j.properties in short. */
  RELOAD4J(
      "log4j.properties",
      String.join(
          "\n",
          "log4j.rootLogger=INFO, stdout",
          "log4j.appender.stdout=org.apache.log4j.ConsoleAppender",
          "log4j.appender.stdout.layout=org.apache.log4j.PatternLayout",
          "log4j.appender.stdout.layout.ConversionPattern=[%d] %p %X{connector.context}%m (%c:%L)%n",
          "log4j.logger.org.reflections=ERROR",
          "")),
  /** Kafka 4.x: {@code -Dlog4j2.configurationFile}, connect-log4j2.yaml in short. */
  LOG4J2(
      "log4j2.properties",
      String.join(
          "\n",
          "appender.stdout.type=Console",
          "appender.stdout.name=STDOUT",
          "appender.stdout.layout.type=PatternLayout",
          "appender.stdout.layout.pattern=[%d] %p %X{connector.context}%m (%c:%L)%n",
          "rootLogger.level=INFO",
          "rootLogger.appenderRef.stdout.ref=STDOUT",
          ""));

  private final String fileSuffix;
  private final String text;

  WorkerLogging(String fileSuffix, String text) {
    this.fileSuffix = fileSuffix;
    this.text = text;
  }

  /** The configuration file's name for worker {@code name}. */
  String fileName(String name) {
    return name + "-" + fileSuffix;
  }

  /** The configuration file's text. */
  String text() {
    return text;
  }

  /** The JVM option that points the worker's logging at {@code file}. */
  String jvmOption(Path file) {
    return this == RELOAD4J
        ? "-Dlog4j.configuration=" + file.toUri()
        : "-Dlog4j2.configurationFile=" + file;
  }
}
