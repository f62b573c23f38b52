package io.vaultstream.cli;

/**
 * Keeps the engine's INFO lines (pool, dialect, start-up) out of a command that prints its own
 * summary; warnings and errors still show, except the model's warnings, which {@code validate}
 * prints.
 */
final class EngineLogs {
  private static final String ENGINE_LEVEL = "org.slf4j.simpleLogger.log.io.vaultstream";
  private static final String MODEL_WARNINGS_LEVEL =
      "org.slf4j.simpleLogger.log.io.vaultstream.model.ModelWarnings";

  private EngineLogs() {}

  /**
   * Lowers the engine's loggers to WARN unless the user chose a level (-D on the java command
   * line). slf4j-simple reads a logger's level when the logger is made, so this must run before the
   * engine's classes are first used.
   */
  static void warningsOnly() {
    if (System.getProperty(ENGINE_LEVEL) == null) {
      System.setProperty(ENGINE_LEVEL, "warn");
    }
    if (System.getProperty(MODEL_WARNINGS_LEVEL) == null) {
      System.setProperty(MODEL_WARNINGS_LEVEL, "error");
    }
  }
}
