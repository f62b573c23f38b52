package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The target schema is a setting anyone who may configure a connector gives: the statements that
 * create the vault never turn it into SQL of its own, even where the session reads a backslash in a
 * string literal as an escape (standard_conforming_strings off, set by a login role, the server, or
 * the URL's options).
 */
class SchemaLockInjectionIT {

  @Test
  void aSchemaNameWithBackslashAndQuoteRunsNoStatementOfItsOwn() throws Exception {
    String tag = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    String victim = "pwned_" + tag;
    // Under standard_conforming_strings=off, \' inside a literal is an escaped quote: a literal
    // that only doubles quotes ends after it, and the rest of the name runs as statements.
    String schema = "v" + tag + "\\')); CREATE TABLE public." + victim + "(i int); --";
    assertThat(schema.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isLessThan(64);
    String url = TestDatabase.jdbcUrl();
    String off =
        url + (url.contains("?") ? "&" : "?") + "options=-c%20standard_conforming_strings%3Doff";
    VaultModel model = ModelLoader.load(Samples.shopModel());

    VaultLoader.open(model, TestDatabase.options(schema).jdbcUrl(off).build()).close();

    assertThat(
            TestDatabase.rows(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = '"
                    + victim
                    + "'"))
        .containsExactly("0");
    assertThat(
            TestDatabase.rows(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = '"
                    + schema.replace("'", "''")
                    + "' AND table_name = 'hub_customer'"))
        .containsExactly("1");
  }
}
