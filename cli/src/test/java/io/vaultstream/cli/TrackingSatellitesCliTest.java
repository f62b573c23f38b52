package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.TrackingModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate} and {@code ddl} know effectivity and status satellites. */
class TrackingSatellitesCliTest {

  @Test
  void validateCountsThemAndDdlCreatesTheirTables(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("model.json");
    Files.writeString(model, TrackingModel.json());
    CliTest.Run v = CliTest.run("validate", model.toString());
    assertThat(v.code()).isZero();
    assertThat(v.out())
        .contains("1 reference tables, 1 effectivity satellites, 2 status satellites; hashing");
    for (String dialect : new String[] {"postgresql", "mariadb"}) {
      CliTest.Run r = CliTest.run("ddl", model.toString(), "--dialect", dialect);
      assertThat(r.code()).isZero();
      String q = dialect.equals("postgresql") ? "\"" : "`";
      for (String t : new String[] {"eff_order_customer", "sts_customer", "sts_order"}) {
        assertThat(r.out()).contains("CREATE TABLE IF NOT EXISTS " + q + t + q + " (");
        assertThat(r.out()).contains("INSERT INTO " + q + t + q);
      }
      assertThat(r.out()).contains(q + "is_active" + q);
    }
  }
}
