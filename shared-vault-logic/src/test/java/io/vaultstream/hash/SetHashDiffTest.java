package io.vaultstream.hash;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.HashAlgorithm;
import io.vaultstream.model.HashProfileName;
import io.vaultstream.model.HashingSettings;
import io.vaultstream.testing.DatabaseContract;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The set hash diff of a multi-active satellite under each profile (docs/HASHING.md). */
class SetHashDiffTest {
  private static final List<String> COLS = List.of("phone_type", "number");

  private static SetHashDiff of(HashProfileName profile) {
    return new SetHashDiff(
        new HashKeyCalculator(new HashingSettings(profile, HashAlgorithm.MD5, false, "#", "~NL~")));
  }

  private static String twoPhones(SetHashDiff d) {
    return d.diff(
        List.of(
            d.memberInput(COLS, List.of("home", "111")),
            d.memberInput(COLS, List.of("work", "222"))));
  }

  @Test
  void automateDvJoinsItsMemberInputsByComma() {
    // Columns sorted case-insensitively (number, phone_type), values upper-cased.
    assertThat(twoPhones(of(HashProfileName.AUTOMATE_DV)))
        .isEqualTo(DatabaseContract.md5("111||HOME,222||WORK"));
  }

  @Test
  void datavault4dbtQuotesEachValueInDeclaredOrder() {
    assertThat(twoPhones(of(HashProfileName.DATAVAULT4DBT)))
        .isEqualTo(
            DatabaseContract.md5("\"home\"||\"111\",\"work\"||\"222\"").toLowerCase(Locale.ROOT));
  }

  @Test
  void vaultspeedJoinsByItsDelimiter() {
    assertThat(twoPhones(of(HashProfileName.VAULTSPEED)))
        .isEqualTo(DatabaseContract.md5("home#111#work#222"));
  }

  @Test
  void theEmptySetHasTheDigestOfTheEmptyText() {
    assertThat(of(HashProfileName.AUTOMATE_DV).emptyDiff()).isEqualTo(DatabaseContract.md5(""));
  }
}
