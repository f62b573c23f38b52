package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The commands never print a password given inside a JDBC URL. */
class CliSecretsTest {

  @Test
  void aDriverErrorShowsTheUrlMasked() {
    String url = "jdbc:nosuchdb://vault:Sup3rS3cret@db:5432/dwh?user=vault&password=Sup3rS3cret";
    for (String command : new String[] {"status", "init"}) {
      CliTest.Run r = CliTest.run(command, "--jdbc-url", url);
      assertThat(r.code()).as(command).isEqualTo(2);
      assertThat(r.err())
          .as(command)
          .contains("jdbc:nosuchdb://vault:***@db:5432/dwh?user=vault&password=***")
          .doesNotContain("Sup3rS3cret");
    }
  }
}
