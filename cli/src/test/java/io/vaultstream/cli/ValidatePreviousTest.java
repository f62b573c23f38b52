package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate --previous}: what a new model changes in a vault loaded with the old one. */
class ValidatePreviousTest {

  @Test
  void aChangedBusinessKeyIsBreakingAndExitsWithThree(@TempDir Path dir) throws Exception {
    Path changed = dir.resolve("shop.json");
    Files.writeString(
        changed,
        Files.readString(Samples.shopModel())
            .replace("\"profile\": \"automate-dv\"", "\"profile\": \"vaultspeed\""));
    CliTest.Run r =
        CliTest.run("validate", changed.toString(), "--previous", Samples.shopModel().toString());
    assertThat(r.code()).as(r.err()).isEqualTo(3);
    assertThat(r.out())
        .contains("is valid")
        .contains("Against " + Samples.shopModel())
        .contains(
            "BREAKING (all): the hashing settings change from automate-dv/MD5/hex to"
                + " vaultspeed/MD5/hex: every hash key and hash diff changes");
  }

  @Test
  void anAddedColumnIsANoteAndExitsWithZero(@TempDir Path dir) throws Exception {
    Path changed = dir.resolve("shop.json");
    Files.writeString(
        changed,
        Files.readString(Samples.shopModel())
            .replace(
                "\"columns\": [\"name\", \"email\", \"city\", \"updated_at\"]",
                "\"columns\": [\"name\", \"email\", \"city\", \"updated_at\", \"phone\"]"));
    CliTest.Run r =
        CliTest.run("validate", changed.toString(), "--previous", Samples.shopModel().toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("note sat_customer: the column(s) [phone] are added");
  }

  @Test
  void theSameModelChangesNothing() {
    String shop = Samples.shopModel().toString();
    CliTest.Run r = CliTest.run("validate", shop, "--previous", shop);
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("nothing loaded changes");
  }
}
