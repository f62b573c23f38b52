package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vaultstream validate} refuses models that would reach beyond the vault. */
class ValidateSecurityTest {

  @Test
  void rejectsSqlInADeclaredColumnType(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("model.yaml");
    Files.writeString(
        model,
        """
        name: shop
        sources:
          orders:
            topic: t.orders
            primaryKey: [id]
            columns: { id: bigint, order_no: text, amount: "text, x int); DROP TABLE public.victim; --" }
        hubs:
          hub_order: { hashKey: order_hk, businessKey: [order_no], sources: { orders: [order_no] } }
        satellites:
          sat_order: { parent: hub_order, source: orders }
        """);
    CliTest.Run r = CliTest.run("validate", model.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err())
        .contains("1 problem(s)")
        .contains(
            "/sources/orders/columns/amount: 'text, x int); DROP TABLE public.victim; --' is not a"
                + " column type vaultstream accepts; valid: smallint (int2), integer (int, int4),")
        .contains("numeric[(p[,s])] or decimal[(p[,s])] with 1 <= p <= 1000 and 0 <= s <= p");
  }

  @Test
  void readsOnlyRegularFilesAndNeverQuotesOneThatIsNotAModel(@TempDir Path dir) throws Exception {
    CliTest.Run directory = CliTest.run("validate", dir.toString());
    assertThat(directory.code()).isEqualTo(2);
    assertThat(directory.err())
        .contains("vaultstream: The vault model file " + dir + " is not a regular file");

    Path shadow = dir.resolve("shadow");
    Files.writeString(
        shadow,
        "root:$6$Zq1sAlt$Hx9ShadowHash:19700:0:99999:7:::\nvault: $6$An0ther$abc\n  - [x: {\n");
    CliTest.Run secret = CliTest.run("validate", shadow.toString());
    assertThat(secret.code()).isEqualTo(1);
    assertThat(secret.err())
        .contains("/: it is not valid YAML at line")
        .contains("this document is not a vaultstream model")
        .doesNotContain("root", "$6$", "Hash", "An0ther");
  }
}
