package io.vaultstream.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves forward, so watermark and retention tests never wait. */
public final class TestClock extends Clock {
  private Instant now;

  public TestClock(Instant start) {
    this.now = start;
  }

  /** Moves the clock forward. */
  public void advance(Duration d) {
    now = now.plus(d);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
