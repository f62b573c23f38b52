package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.HashingSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A column added to a satellite whose values the profile hashes as NULL (AutomateDV: an empty or
 * blank text is NULL): an unchanged row that comes again with it writes no version.
 */
class VersionHashesGapsTest {

  @Test
  void anAddedColumnThatTheProfileHashesAsNullIsNoChange() {
    HashKeyCalculator h = new HashKeyCalculator(HashingSettings.defaults()); // automate-dv
    List<String> before = List.of("name", "city");
    List<String> now = List.of("name", "city", "phone");
    Map<String, String> stored = new LinkedHashMap<>();
    stored.put("name", "Ann");
    stored.put("city", "Oslo");
    stored.put("phone", null);
    HistoryMerge.Version old =
        new HistoryMerge.Version(
            1, h.hashDiff(before, List.of("Ann", "Oslo")), false, stored, true, null);
    // The source added phone NOT NULL DEFAULT '': a re-snapshot carries '' for every row, which
    // AutomateDV hashes exactly as NULL ('^^').
    Map<String, String> fresh = new LinkedHashMap<>(stored);
    fresh.put("phone", "");
    assertThat(h.hashDiff(now, java.util.Arrays.asList("Ann", "Oslo", "")))
        .isEqualTo(h.hashDiff(now, java.util.Arrays.asList("Ann", "Oslo", null)));
    HistoryMerge.Version v =
        new HistoryMerge.Version(
            2,
            h.hashDiff(now, java.util.Arrays.asList("Ann", "Oslo", "")),
            false,
            fresh,
            false,
            null);
    assertThat(new VersionHashes(h, now).same(old, v)).isTrue();
  }

  /**
   * The columns a table was created with were in every stored version's hash diff: a version that
   * differs from a stored one only by NULLs there is a change (no shorter comparison is tried).
   */
  @Test
  void columnsTheTableWasCreatedWithAreAlwaysCompared() {
    HashKeyCalculator h = new HashKeyCalculator(HashingSettings.defaults());
    List<String> cols = List.of("name", "city", "phone");
    Map<String, String> stored = new LinkedHashMap<>();
    stored.put("name", "Ann");
    stored.put("city", null);
    stored.put("phone", null);
    // Stored as if hashed over name only (which a table created with all three never did).
    HistoryMerge.Version old =
        new HistoryMerge.Version(
            1, h.hashDiff(List.of("name"), List.of("Ann")), false, stored, true, null);
    HistoryMerge.Version v =
        new HistoryMerge.Version(
            2,
            h.hashDiff(cols, java.util.Arrays.asList("Ann", null, null)),
            false,
            stored,
            false,
            null);
    assertThat(new VersionHashes(h, cols, 0).same(old, v)).as("columns added later").isTrue();
    assertThat(new VersionHashes(h, cols, 3).same(old, v)).as("created with all three").isFalse();
    assertThat(new VersionHashes(h, cols, 2).same(old, v)).as("phone added later").isFalse();
  }
}
