package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.TableSpec;
import io.vaultstream.testing.Samples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Statements of a dialect, each under a title naming the method and its arguments, compared with a
 * golden file under src/test/resources/golden/; {@code -Dgolden.update=true} rewrites the file
 * instead (review its diff before committing it).
 */
final class GoldenSql {
  static final String SCHEMA = "vault";
  static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  private final StringBuilder text = new StringBuilder();

  /** The shop model's tables as the loader creates them, by name, in the order it writes them. */
  static Map<String, TableSpec> shopTables(VaultDialect dialect) {
    return new VaultTables(SHOP, dialect, new HashKeyCalculator(SHOP.hashing())).all();
  }

  /** Adds one statement (or value) under its title. */
  GoldenSql add(String title, Object sql) {
    if (sql instanceof EarliestWrite w) {
      sql = w.statements();
    }
    if (sql instanceof java.util.List<?> statements) {
      sql = String.join(";\n", statements.stream().map(String::valueOf).toList());
    }
    text.append("-- ").append(title).append('\n').append(sql).append(";\n\n");
    return this;
  }

  /** Asserts the statements equal the golden file {@code golden/<name>}, or rewrites it. */
  void assertMatches(String name) throws IOException {
    Path file = Path.of("src/test/resources/golden").resolve(name);
    String actual = text.toString();
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual, StandardCharsets.UTF_8);
      return;
    }
    assertThat(file)
        .as("golden file %s (run with -Dgolden.update=true to write it)", file)
        .exists();
    assertThat(actual)
        .as("SQL of %s; if the change is intended, run with -Dgolden.update=true", name)
        .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }
}
