package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} and {@code ddl} know satellites fed through a foreign key and multi-active ones.
 */
class MultiActiveCliTest {

  private static Path phones(Path dir) throws Exception {
    Path model = dir.resolve("phones.json");
    try (InputStream in = MultiActiveCliTest.class.getResourceAsStream("/models/phones.json")) {
      Files.write(model, in.readAllBytes());
    }
    return model;
  }

  @Test
  void validateAcceptsAndDdlCreatesTheSetTable(@TempDir Path dir) throws Exception {
    Path model = phones(dir);
    CliTest.Run v = CliTest.run("validate", model.toString());
    assertThat(v.code()).isZero();
    assertThat(v.out()).contains("model 'phones' is valid");
    CliTest.Run r = CliTest.run("ddl", model.toString(), "--schema", "vault");
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains("CREATE TABLE IF NOT EXISTS \"vault\".\"msat_customer_phone\"")
        .contains("\"phone_type\" text NOT NULL")
        .contains("PRIMARY KEY (\"customer_hk\", \"load_dts\", \"phone_type\")")
        .contains("CREATE TABLE IF NOT EXISTS \"vault\".\"sat_customer_profile\"")
        .doesNotContain("INSERT INTO \"vault\".\"msat_customer_phone\"");
  }

  @Test
  void validateNamesAViaThatReachesNoSourceOfTheHub(@TempDir Path dir) throws Exception {
    Path model = phones(dir);
    Files.writeString(
        model,
        Files.readString(model)
            .replace(
                "\"via\": \"customer\",\n                              \"multiActiveKey\"",
                "\"via\": \"nope\",\n                              \"multiActiveKey\""));
    CliTest.Run r = CliTest.run("validate", model.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err())
        .contains(
            "/satellites/msat_customer_phone/via: unknown foreign key 'nope' of source"
                + " 'customer_phones'; its foreign keys: customer");
  }
}
