package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script of {@code vaultstream ddl} is piped into psql by the vault's owner: text of the model
 * in its comments stays inside them.
 */
class DdlScriptSafetyTest {

  @Test
  void aLineBreakInTheModelNameStaysInsideTheComment(@TempDir Path dir) throws Exception {
    String shop = Files.readString(Samples.shopModel());
    Path model = dir.resolve("model.json");
    Files.writeString(
        model,
        shop.replaceFirst(
            "\"name\"\\s*:\\s*\"shop\"",
            "\"name\": \"shop\\\\nDROP TABLE x;\\\\r\\\\u2028DELETE FROM y; */ /* z\""));

    CliTest.Run r = CliTest.run("ddl", model.toString(), "--schema", "vault");

    assertThat(r.code()).as(r.err()).isZero();
    String[] lines = r.out().split("\\R", -1);
    assertThat(lines)
        .noneMatch(l -> l.startsWith("DROP") || l.startsWith("DELETE") || l.contains("\r"));
    assertThat(Arrays.stream(lines).filter(l -> l.contains("DROP TABLE x")))
        .singleElement()
        .asString()
        .startsWith("-- vaultstream DDL for model 'shop DROP TABLE x;  DELETE FROM y; * / / * z'");
  }
}
