package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** URLs are printed and logged with every password in them masked. */
class MaskedUrlTest {

  @Test
  void masksPasswordParametersAndUserInfo() {
    assertThat(MaskedUrl.of("jdbc:postgresql://db:5432/dwh?user=vault&password=s3cret&ssl=true"))
        .isEqualTo("jdbc:postgresql://db:5432/dwh?user=vault&password=***&ssl=true");
    assertThat(MaskedUrl.of("jdbc:postgresql://db/dwh?PASSWORD=s3cret&sslpassword=k3y"))
        .isEqualTo("jdbc:postgresql://db/dwh?PASSWORD=***&sslpassword=***");
    assertThat(MaskedUrl.of("jdbc:postgresql://vault:s3cret@db:5432/dwh"))
        .isEqualTo("jdbc:postgresql://vault:***@db:5432/dwh");
    assertThat(MaskedUrl.of("http://reg:s3cret@registry:8081"))
        .isEqualTo("http://reg:***@registry:8081");
    assertThat(MaskedUrl.of("jdbc:postgresql://db:5432/dwh?user=vault"))
        .isEqualTo("jdbc:postgresql://db:5432/dwh?user=vault");
    assertThat(MaskedUrl.of(null)).isNull();
  }

  @Test
  void masksUrlsInsideMessagesToo() {
    assertThat(
            MaskedUrl.of(
                "No suitable driver found for jdbc:pg://vault:s3cret@db/dwh?password=s3cret x"))
        .isEqualTo("No suitable driver found for jdbc:pg://vault:***@db/dwh?password=***");
  }

  @Test
  void masksTheWholeValueAsTheDriversReadIt() {
    // Both drivers split parameters at '&' only: ';', quotes and spaces belong to the password.
    for (String secret :
        new String[] {"ab;cd", "'a b'", "\"x;y\"", "a b", "p\"q'r", "x)y", "s3c;k3y=z"}) {
      for (String url :
          new String[] {
            "jdbc:postgresql://db:5432/dwh?user=v&password=" + secret + "&ssl=true",
            "jdbc:mariadb://db:3306/dwh?user=v&password=" + secret,
            "jdbc:postgresql://db/dwh?sslpassword=" + secret
          }) {
        String masked = MaskedUrl.of(url);
        assertThat(masked).as(url).contains("password=***");
        for (String part : secret.split("[;'\" )]")) {
          if (part.length() > 1) {
            assertThat(masked).as(url).doesNotContain(part);
          }
        }
      }
    }
    assertThat(MaskedUrl.of("jdbc:postgresql://db/dwh?user=v&password=ab;cd&ssl=true"))
        .isEqualTo("jdbc:postgresql://db/dwh?user=v&password=***&ssl=true");
    assertThat(MaskedUrl.of("http://reg:a b;c'd@registry:8081"))
        .isEqualTo("http://reg:***@registry:8081");
  }

  @Test
  void tellsWhetherAUrlCarriesAPassword() {
    assertThat(MaskedUrl.hasPassword("jdbc:postgresql://db/dwh?user=v&password=x")).isTrue();
    assertThat(MaskedUrl.hasPassword("jdbc:postgresql://v:x@db/dwh")).isTrue();
    assertThat(MaskedUrl.hasPassword("jdbc:postgresql://db:5432/dwh?user=v")).isFalse();
    assertThat(MaskedUrl.hasPassword(null)).isFalse();
  }

  @Test
  void ofAUrlNoDriverReadsOnlyTheSchemeIsShown() {
    assertThat(MaskedUrl.scheme("jdbc:nosuch://u:pw;x@db/dwh?password=ab;cd e"))
        .isEqualTo("jdbc:nosuch:");
    assertThat(MaskedUrl.scheme("http://u:pw@registry")).isEqualTo("http:");
    assertThat(MaskedUrl.scheme(null)).isEmpty();
  }
}
