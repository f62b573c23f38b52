package io.vaultstream.fuzz;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.decode.SchemaRegistryUnavailableException;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.RawBytes;
import java.util.Optional;

/**
 * A generated record after decoding, exactly as the runtimes decode (a record whose decoding throws
 * a runtime exception is a bad record with the runtimes' message): its event, its bad record, or
 * neither (it carries no change).
 */
public record Decoded(FuzzRecord record, ChangeEvent event, BadRecord bad) {
  /** Decoding one record taking longer than this stops its partition as surely as a failure. */
  static final long SLOW_MS = 5000;

  /**
   * Decodes a record, adding to {@code findings} what breaks a guarantee: anything but a runtime
   * exception thrown (an Error kills the task), a schema registry failure for a registry that is up
   * (the runtimes rethrow it, so the partition stops), a slow record, an unreadable message.
   */
  public static Decoded of(ChangeEventDecoder d, FuzzRecord r, Findings findings) {
    long start = System.nanoTime();
    try {
      Optional<ChangeEvent> e =
          r.map() != null
              ? d.decodeMap(
                  r.topic(),
                  r.partition(),
                  r.offset(),
                  r.kafkaTimestampMs(),
                  r.map(),
                  RawBytes.of(r.key()),
                  null)
              : d.decode(
                  r.topic(), r.partition(), r.offset(), r.kafkaTimestampMs(), r.key(), r.value());
      return new Decoded(r, e.orElse(null), null);
    } catch (SchemaRegistryUnavailableException e) {
      if (!e.getMessage().contains("answered 404")) {
        findings.add(
            "a: decoding threw a schema registry outage with the registry up; the runtimes retry"
                + " the batch until it passes",
            r,
            e);
      }
      // A schema id the registry does not know is waited out by the runtimes (it may be a
      // follower that lags), then the record is a bad record (SchemaRegistryFaultsIT): here at
      // once, as after the wait.
      return bad(r, new DecodeException(e.getMessage()), findings);
    } catch (SchemaRegistryException e) {
      findings.add(
          "a: decoding threw a schema registry failure with the registry up; the runtimes rethrow"
              + " it, so the partition stops",
          r,
          e);
      return bad(r, e, findings);
    } catch (RuntimeException e) {
      return bad(r, e, findings);
    } catch (Throwable t) { // NOPMD: what escapes the runtimes' catch is exactly what is looked for
      findings.add("a: decoding threw an Error, which no runtime catches (the task dies)", r, t);
      return bad(r, t, findings);
    } finally {
      long ms = (System.nanoTime() - start) / 1_000_000;
      if (ms > SLOW_MS) {
        findings.add(
            "a: decoding one record took more than " + SLOW_MS + " ms",
            r,
            "slow decode",
            "decoding took " + ms + " ms");
      }
    }
  }

  private static Decoded bad(FuzzRecord r, Throwable e, Findings findings) {
    String message =
        e instanceof DecodeException ? e.getMessage() : "cannot decode the record: " + e;
    String problem = Readable.problem(message);
    if (problem != null) {
      findings.add(
          "b: a bad record's message is not readable",
          r,
          Readable.category(problem)
              + " from "
              + e.getClass().getSimpleName()
              + ": "
              + Findings.template(message),
          problem + ": " + message);
    }
    return new Decoded(
        r, null, new BadRecord(r.topic(), r.partition(), r.offset(), r.key(), r.value(), message));
  }
}
