package io.vaultstream.write;

import java.time.Instant;

/** Converts instants to the epoch microseconds the engine computes with. */
public final class Micros {
  private Micros() {}

  /** An instant as epoch microseconds. */
  public static long of(Instant i) {
    return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
  }
}
