package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NewKeyHintsTest {

  private static List<String> keys(long seed, int count) {
    Random random = new Random(seed);
    List<String> out = new ArrayList<>(count);
    byte[] digest = new byte[16];
    for (int i = 0; i < count; i++) {
      if (i % 10 == 0) {
        // now and then a short or odd key (a business key of a model without hashing)
        out.add(Long.toString(random.nextLong(), 36) + (char) random.nextInt(0x10000));
      } else {
        random.nextBytes(digest);
        out.add(HexFormat.of().withUpperCase().formatHex(digest));
      }
    }
    return out;
  }

  /** A key noted as stored is never taken for a new one: the write is only ever cheaper. */
  @Test
  void aStoredKeyIsNeverTakenForANewOne() {
    for (long seed = 1; seed <= 5; seed++) {
      NewKeyHints.Table table = new NewKeyHints(1 + (int) seed * 20).of("hub_x");
      List<String> stored = keys(seed, 300_000);
      stored.forEach(table::stored);
      assertThat(stored).allMatch(table::mayBeStored);
    }
  }

  @Test
  void fewNewKeysAreTakenForStoredOnesAtAMillionKeys() {
    NewKeyHints.Table table = new NewKeyHints(8).of("lnk_x");
    keys(7, 1_000_000).forEach(table::stored);
    long wrong = keys(8, 200_000).stream().filter(table::mayBeStored).count();
    assertThat(wrong).as("new keys taken for stored ones").isLessThan(200_000 / 100);
  }

  @Test
  void tablesHaveFiltersOfTheirOwn() {
    NewKeyHints hints = new NewKeyHints(2);
    hints.of("hub_a").stored("K1");
    assertThat(hints.of("hub_a").mayBeStored("K1")).isTrue();
    assertThat(hints.of("hub_b").mayBeStored("K1")).isFalse();
  }

  @Test
  void plainInsertsStartAfterAnUpsertThatMetNoUnknownStoredKey() {
    NewKeyHints.Table table = new NewKeyHints(1).of("hub_x");
    assertThat(table.inserting()).as("a new loader upserts first").isFalse();
    table.upserted(10, 3);
    assertThat(table.inserting()).as("stored keys it did not know").isFalse();
    table.upserted(0, 0);
    assertThat(table.inserting()).as("no unknown key: nothing learned").isFalse();
    table.upserted(10, 0);
    assertThat(table.inserting()).isTrue();
  }

  @Test
  void eachUndoneInsertDoublesTheCleanUpsertsNeeded() {
    NewKeyHints.Table table = new NewKeyHints(1).of("hub_x");
    table.upserted(5, 0);
    int expected = 1;
    for (int round = 0; round < 10; round++) {
      table.undone();
      expected = Math.min(NewKeyHints.MAX_CLEAN_BATCHES, expected * 2);
      for (int i = 1; i < expected; i++) {
        table.upserted(5, 0);
        assertThat(table.inserting()).as("round %d, clean upsert %d", round, i).isFalse();
      }
      table.upserted(5, 1);
      assertThat(table.inserting()).as("a stored unknown key starts the count again").isFalse();
      for (int i = 0; i < expected; i++) {
        table.upserted(5, 0);
      }
      assertThat(table.inserting()).as("round %d", round).isTrue();
    }
  }
}
