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
          .contains("no dialect accepts the JDBC URL starting 'jdbc:nosuchdb:'")
          .doesNotContain("Sup3rS3cret");
    }
  }

  @Test
  void aMistypedKafkaSettingIsNamedWithoutItsValue() {
    String secret =
        "org.apache.kafka.common.security.plain.PlainLoginModule required"
            + " username=\"u\" password=\"Sup3rS3cret\";";
    for (String[] args :
        new String[][] {
          {"--kafka-sasl.jaas.config=" + secret},
          {"--bootstrap-servers", "127.0.0.1:9", "--kafka.sasl.jaas.configg=" + secret},
          {"--bootstrap-servers", "127.0.0.1:9", "--kafka-sasl.jaas.config=" + secret}
        }) {
      java.util.List<String> cmd =
          new java.util.ArrayList<>(
              java.util.List.of("status", "--jdbc-url", "jdbc:nosuchdb://h/d"));
      cmd.addAll(java.util.List.of(args));
      CliTest.Run r = CliTest.run(cmd.toArray(String[]::new));
      assertThat(r.code()).as(cmd.toString()).isEqualTo(2);
      assertThat(r.err())
          .as(cmd.toString())
          .contains("sasl.jaas.config")
          .doesNotContain("Sup3rS3cret");
    }
  }
}
