package io.vaultstream.dialect;

import java.util.function.LongFunction;

/**
 * The text forms of the values the loader makes itself (times, flags): every value travels between
 * the engine and its target as text, and these are the forms the target takes and gives back.
 */
public interface ValueTexts {

  /**
   * The text a timestamp column takes for a UTC instant given as epoch microseconds, exact to the
   * microsecond (PostgreSQL: {@code 2024-01-01 01:00:00.407843+00}).
   */
  String timestampText(long micros);

  /**
   * {@link #timestampText} for the many rows of one write on the calling thread: the same texts,
   * with what the target keeps per thread found once instead of per row. Not to be handed to
   * another thread.
   */
  default LongFunction<String> timestampTexts() {
    return this::timestampText;
  }

  /** The text a boolean column takes for {@code value}. */
  String booleanText(boolean value);

  /** Whether a boolean column read back as text holds true. */
  boolean isTrueText(String text);
}
