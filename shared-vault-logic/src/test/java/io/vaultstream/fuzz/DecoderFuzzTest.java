package io.vaultstream.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The decoder alone under generated JSON records and normalised maps (no database, no registry):
 * nothing but a runtime exception escapes it, no record takes seconds, and every bad record's
 * message is readable. Same properties as {@code -Dfuzz.seed} and {@code -Dfuzz.records} of {@link
 * RecordFuzzContract} (default here: 10,000 records).
 */
class DecoderFuzzTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Test
  void noThrowableButARuntimeExceptionEscapesAndEveryMessageIsReadable() {
    long seed = RecordFuzzContract.seed();
    int count = Integer.getInteger("fuzz.records", 10_000);
    String replay = "-Dfuzz.seed=" + seed + " -Dfuzz.records=" + count;
    ChangeEventDecoder decoder = new ChangeEventDecoder(SHOP, DecoderOptions.defaults());
    Findings findings = new Findings();
    long start = System.nanoTime();
    List<FuzzRecord> records = RecordMix.generate(seed, count, null, true);
    long generated = System.nanoTime();
    for (FuzzRecord r : records) {
      Decoded.of(decoder, r, findings);
    }
    System.out.printf(
        "%d records generated in %d ms, decoded in %d ms%n",
        records.size(),
        (generated - start) / 1_000_000,
        (System.nanoTime() - generated) / 1_000_000);
    String report = findings.report(replay);
    System.out.println(report);
    assertThat(findings.isEmpty()).as(report).isTrue();
  }
}
