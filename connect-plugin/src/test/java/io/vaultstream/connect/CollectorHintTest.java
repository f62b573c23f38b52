package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The hint a connector logs about the worker JVM's collector, read from a real JVM's flags. */
class CollectorHintTest {

  @Test
  void aShortG1PauseGoalIsNamedWithTheSettingThatHelps() {
    assertThat(CollectorHint.of(true, 20))
        .hasValueSatisfying(
            h ->
                assertThat(h)
                    .contains("-XX:MaxGCPauseMillis=20")
                    .contains("-XX:MaxGCPauseMillis=200")
                    .contains("KAFKA_JVM_PERFORMANCE_OPTS"));
  }

  @Test
  void nothingIsSaidOfALongGoalAnotherCollectorOrAnUnknownGoal() {
    assertThat(CollectorHint.of(true, 200)).isEmpty();
    assertThat(CollectorHint.of(true, CollectorHint.SHORT_GOAL_MS)).isEmpty();
    assertThat(CollectorHint.of(false, 20)).isEmpty();
    assertThat(CollectorHint.of(true, -1)).isEmpty();
  }

  @Test
  void aWorkerStartedWithKafkasFlagsGetsTheHintAndOneWithG1sDefaultDoesNot() throws Exception {
    assertThat(hintOfAJvmWith("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20"))
        .contains("pause goal of 20 ms");
    assertThat(hintOfAJvmWith("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=200")).isEqualTo("none");
    assertThat(hintOfAJvmWith("-XX:+UseSerialGC")).isEqualTo("none");
  }

  /** What {@link CollectorHint#forThisJvm} says in a JVM started with these flags. */
  private static String hintOfAJvmWith(String... flags) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of(flags));
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    String text = new String(out, StandardCharsets.UTF_8).strip();
    return text.substring(text.lastIndexOf('\n') + 1);
  }

  /** Prints this JVM's hint, or "none". */
  static final class Main {
    public static void main(String[] args) {
      System.out.println(CollectorHint.forThisJvm().orElse("none"));
    }
  }
}
