package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.decode.SchemaIdNotYetKnownException;
import io.vaultstream.decode.SchemaRegistryUnavailableException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Retries count failures that can pass, but not the waits the registry client bounds itself. */
class RetriesTest {
  @Test
  void failuresThatCanPassAreRetriedUpToTheLimit() {
    AtomicInteger calls = new AtomicInteger();
    assertThatThrownBy(
            () ->
                Retries.call(
                    "decoding",
                    2,
                    0,
                    () -> {
                      calls.incrementAndGet();
                      throw new SchemaRegistryUnavailableException("503");
                    }))
        .isInstanceOf(SchemaRegistryUnavailableException.class);
    assertThat(calls).hasValue(3);
  }

  @Test
  void anUnknownSchemaIdsWaitIsNotCountedAmongTheRetries() {
    AtomicInteger calls = new AtomicInteger();
    String out =
        Retries.call(
            "decoding",
            1,
            0,
            () -> {
              if (calls.incrementAndGet() <= 5) {
                throw new SchemaIdNotYetKnownException("404, waiting");
              }
              return "decoded";
            });
    assertThat(out).isEqualTo("decoded");
    assertThat(calls).hasValue(6);
  }

  @Test
  void waitsAndOutagesTogetherCountOnlyTheOutages() {
    AtomicInteger calls = new AtomicInteger();
    assertThatThrownBy(
            () ->
                Retries.call(
                    "decoding",
                    1,
                    0,
                    () -> {
                      int n = calls.incrementAndGet();
                      throw n % 2 == 1
                          ? new SchemaIdNotYetKnownException("404, waiting")
                          : new SchemaRegistryUnavailableException("503");
                    }))
        .isInstanceOf(SchemaRegistryUnavailableException.class)
        .isNotInstanceOf(SchemaIdNotYetKnownException.class);
    assertThat(calls)
        .as("wait, outage, wait, outage: the second outage is one too many")
        .hasValue(4);
  }
}
