package io.vaultstream.hash;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.HashAlgorithm;
import io.vaultstream.model.HashProfileName;
import io.vaultstream.model.HashingSettings;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Golden vectors per profile: published values first, then our own edge cases. */
class HashKeyCalculatorTest {

  private static HashKeyCalculator calc(HashProfileName p, HashAlgorithm a) {
    return new HashKeyCalculator(new HashingSettings(p, a, false, "#", "~NL~"));
  }

  private static final HashKeyCalculator ADV = calc(HashProfileName.AUTOMATE_DV, HashAlgorithm.MD5);
  private static final HashKeyCalculator D4 =
      calc(HashProfileName.DATAVAULT4DBT, HashAlgorithm.MD5);
  private static final HashKeyCalculator VS = calc(HashProfileName.VAULTSPEED, HashAlgorithm.MD5);

  private static List<String> v(String... values) {
    return Arrays.asList(values);
  }

  @Test
  void automateDvPublishedVectors() {
    assertThat(ADV.hashKey(v("1001", "GBR"))).isEqualTo("424314C252E99AF1C1371D91571A7017");
    assertThat(ADV.hashDiff(v("a", "b", "c"), v(null, null, null)))
        .isEqualTo("3C92E664B39D90428DBC94975B5DDA58");
    assertThat(ADV.hashKey(v("1000"))).isEqualTo("A9B7BA70783B617E9998DC4DD82EB3C5");
    assertThat(ADV.hashKey(v("2000"))).isEqualTo("08F90C1A417155361A5C4B8D297E0D78");
    assertThat(calc(HashProfileName.AUTOMATE_DV, HashAlgorithm.SHA256).hashKey(v("1000")))
        .isEqualTo("40510175845988F13F6162ED8526F0B09F73384467FA855E1E79B44A56562A58");
  }

  @Test
  void automateDvSortsHashDiffColumnsCaseInsensitively() {
    // The AutomateDV fixture: DOB, ID, NAME, PHONE sorted, only the id present.
    List<String> cols = v("CUSTOMER_NAME", "customer_id", "CUSTOMER_PHONE", "Customer_DOB");
    assertThat(ADV.hashDiff(cols, v(null, "1001", null, null)))
        .isEqualTo("ECEAA751D9C24A93E3D1903FE42F476B");
  }

  @Test
  void automateDvTrimsUppercasesAndTreatsEmptyAsNull() {
    assertThat(ADV.hashKey(v("abc"))).isEqualTo("902FBDD2B1DF0C4F70B4A5D23525E932");
    assertThat(ADV.hashKey(v(" 1001 "))).isEqualTo("B8C37E33DEFDE51CF91E1E03E51657DA");
    assertThat(ADV.hashKey(v("abc", "def"))).isEqualTo("2EF61C20DB604C8723708979FD177405");
    assertThat(ADV.hashKey(v("abc", null))).isEqualTo("58CD8C295946EE08C5A862487321A9DA");
    assertThat(ADV.hashKey(v("abc", "  "))).isEqualTo("58CD8C295946EE08C5A862487321A9DA");
    assertThat(ADV.hashKey(v(null, null))).isNull();
    assertThat(ADV.hashKey(v("", " "))).isNull();
    // A tab is not a space: TRIM keeps it.
    assertThat(ADV.hashKey(v("abc\t"))).isNotEqualTo(ADV.hashKey(v("abc")));
  }

  @Test
  void otherAlgorithms() {
    assertThat(calc(HashProfileName.AUTOMATE_DV, HashAlgorithm.SHA1).hashKey(v("abc", "def")))
        .isEqualTo("E8F008984C9BCAC30EB9A750D1093E2F13C27F87");
    assertThat(calc(HashProfileName.AUTOMATE_DV, HashAlgorithm.SHA256).hashKey(v("abc", "def")))
        .isEqualTo("15760DAAE1DE2DCDDBE2E4F1ABE2477D5C483BD0EBFB5D5B1AA3ADBE16D7F7DC");
  }

  @Test
  void nonAsciiUsesSimpleCaseMapping() {
    assertThat(HashProfile.upper("straße été")).isEqualTo("STRAßE ÉTÉ");
    assertThat(ADV.hashKey(v("straße", "été"))).isEqualTo("AEC4B3CAD7BA54D38F3E135E034B7E8E");
  }

  @Test
  void canonicalDecimalsAndTimestamps() {
    List<String> vals =
        Arrays.asList(
            CanonicalText.of(new BigDecimal("10.50")),
            CanonicalText.of(LocalDateTime.of(2024, 1, 1, 1, 0, 0, 500_000_000)),
            CanonicalText.of(null));
    assertThat(ADV.hashKey(vals)).isEqualTo("362664BF249826C987BC5649EE4C25FA");
    List<String> floats =
        Arrays.asList(CanonicalText.of(1e20), CanonicalText.of(0.1), CanonicalText.of(1e-5));
    assertThat(ADV.hashKey(floats)).isEqualTo("9DEC5A907F8072F40BF1B0DB78E4DB20");
  }

  @Test
  void datavault4dbtPublishedVectors() {
    assertThat(D4.hashKey(v("2400102"))).isEqualTo("1f3a375fb2b610de97f1ca606b4228e0");
    assertThat(D4.hashKey(v("2400163"))).isEqualTo("65384903a90f4cdbb16c4790b735cbed");
    assertThat(D4.hashKey(v("2400162"))).isEqualTo("5f3b349acb2ed341dc8c84980c6b89cd");
  }

  @Test
  void datavault4dbtEscapesDelimitersQuotesAndNullTokens() {
    assertThat(D4.hashKey(v(" a\\b\"c||d^^e ", null)))
        .isEqualTo("a19c6dd171d43a35d221e57355596ebe");
    // Hash diffs keep case; an empty string is quoted, not NULL.
    assertThat(D4.hashDiff(v("x", "y", "z"), v("Mixed Case", null, "")))
        .isEqualTo("e95df6b66ac0c4fe415ddf108dbdef7c");
    assertThat(D4.hashKey(v(null, null))).isEqualTo("0".repeat(32));
    assertThat(D4.hashDiff(v("x"), v((String) null))).isEqualTo("0".repeat(32));
  }

  @Test
  void datavault4dbtUseRtrimTrimsTheJoinedTextAsItsSqlDoes() {
    HashKeyCalculator trim =
        new HashKeyCalculator(
            new HashingSettings(
                HashProfileName.DATAVAULT4DBT, HashAlgorithm.MD5, false, "#", "~NL~", true));
    List<String> cols = v("a", "b", "c", "d");
    List<List<String>> cases =
        List.of(
            v("x", null, null, null),
            v("x", null, "y", null),
            v("x|", "^", null, null),
            v("", null, null, null),
            v("x", "y", "z", "w"));
    for (List<String> vals : cases) {
      // datavault4dbt: RTRIM(<joined text>, '^^||'), a trim of the characters ^ and |.
      String joined = new Datavault4dbtProfile(false).diffInput(cols, vals);
      String rtrimmed = joined.replaceAll("[\\^|]+$", "");
      assertThat(trim.hashDiff(cols, vals)).as(vals.toString()).isEqualTo(D4.digest(rtrimmed));
    }
    // Without trailing NULLs nothing changes; all NULL still gives the zero key.
    assertThat(trim.hashDiff(cols, v("x", "y", "z", "w")))
        .isEqualTo(D4.hashDiff(cols, v("x", "y", "z", "w")));
    assertThat(trim.hashDiff(cols, v(null, null, null, null))).isEqualTo("0".repeat(32));
    // A column added at the end, NULL: the hash diff of the row is what it was without it.
    assertThat(trim.hashDiff(v("a", "b", "new"), v("x", "y", null)))
        .isEqualTo(D4.hashDiff(v("a", "b"), v("x", "y")));
  }

  @Test
  void vaultspeedDelimiterAfterEveryValue() {
    assertThat(VS.hashKey(v("sf1", "c#1"))).isEqualTo("99170DE162F8D3CA87C17268DA757B43");
    assertThat(VS.hashKey(v(null, "x"))).isEqualTo("49EA546C3E54CCC64BA0CDD4C0932A65");
    assertThat(VS.hashKey(v("", "x"))).isEqualTo("49EA546C3E54CCC64BA0CDD4C0932A65");
  }

  @Test
  void vaultspeedHashDiffTrimsTrailingNullTokens() {
    assertThat(VS.hashDiff(v("a", "b", "c", "d", "e"), v("A", null, "b", null, null)))
        .isEqualTo("64AA7FC24208486331C670122411E8C2");
    // Appending a NULL column does not change the hash diff.
    assertThat(VS.hashDiff(v("a", "b", "c"), v("A", null, "b")))
        .isEqualTo(VS.hashDiff(v("a", "b", "c", "d"), v("A", null, "b", null)));
    assertThat(VS.hashDiff(v("a"), v((String) null))).isEqualTo("D41D8CD98F00B204E9800998ECF8427E");
  }

  @Test
  void ghostKeysFollowTheProfilesCase() {
    assertThat(ADV.nullKey()).isEqualTo("0".repeat(32));
    assertThat(ADV.unknownKey()).isEqualTo("F".repeat(32));
    assertThat(D4.unknownKey()).isEqualTo("f".repeat(32));
    assertThat(calc(HashProfileName.DATAVAULT4DBT, HashAlgorithm.SHA256).unknownKey()).hasSize(64);
  }
}
