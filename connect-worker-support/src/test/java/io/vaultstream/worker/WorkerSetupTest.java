package io.vaultstream.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's properties, its command line and the plugin install, without starting a JVM. */
class WorkerSetupTest {
  @Test
  void configHasTheShippedSettingsWithItsOwnGroupAndTopics() {
    String text =
        WorkerConfig.distributed("127.0.0.1:9092", "bench-vs", "bench-vs", 8083, Path.of("/p"))
            .set("plugin.discovery", "service_load")
            .text();
    assertThat(text.lines())
        .contains(
            "bootstrap.servers=127.0.0.1:9092",
            "group.id=bench-vs",
            "offset.storage.topic=bench-vs-offsets",
            "config.storage.topic=bench-vs-configs",
            "status.storage.topic=bench-vs-status",
            "offset.flush.interval.ms=1000",
            "listeners=HTTP://127.0.0.1:8083",
            "plugin.path=/p",
            "plugin.discovery=service_load");
  }

  @Test
  void commandRunsConnectDistributedOnTheWorkerJarsWithJmxWhenAsked(@TempDir Path dir) {
    WorkerConfig config = WorkerConfig.distributed("b:1", "g", "g", 1, dir);
    WorkerLaunch launch =
        WorkerLaunch.of("w", dir, dir.resolve("lib"), 1, config, WorkerLogging.LOG4J2)
            .jvm(List.of("-Xmx1g"))
            .withJmx();
    List<String> cmd = launch.command(dir.resolve("w.properties"), dir.resolve("l"), 4242);
    assertThat(cmd.get(1)).isEqualTo("-Xmx1g");
    assertThat(cmd).contains("-Dcom.sun.management.jmxremote.port=4242");
    assertThat(cmd).contains("-Dlog4j2.configurationFile=" + dir.resolve("l"));
    assertThat(cmd.subList(cmd.size() - 4, cmd.size()))
        .containsExactly(
            "-cp",
            dir.resolve("lib").toAbsolutePath() + "/*",
            WorkerLaunch.MAIN_CLASS,
            dir.resolve("w.properties").toString());
  }

  @Test
  void unzipsThePluginAndFindsItsExample(@TempDir Path dir) throws IOException {
    Path zip = dir.resolve("plugin.zip");
    zip(zip, "vs/manifest.json", "vs/etc/vaultstream-shop.json", "vs/etc/shop/model.json");
    InstalledPlugin p = InstalledPlugin.unzip(zip, dir.resolve("plugins"), "build it");
    assertThat(p.pluginDir).isEqualTo(dir.resolve("plugins/vs"));
    assertThat(p.shopModel()).isRegularFile();
  }

  @Test
  void refusesAnEntryOutsideThePluginPath(@TempDir Path dir) throws IOException {
    Path zip = dir.resolve("evil.zip");
    zip(zip, "../outside.txt");
    assertThatThrownBy(() -> InstalledPlugin.unzip(zip, dir.resolve("plugins"), "build it"))
        .hasMessageContaining("outside its directory");
    assertThat(dir.resolve("outside.txt")).doesNotExist();
  }

  @Test
  void namesTheMissingArchiveAndTheHint(@TempDir Path dir) {
    assertThatThrownBy(() -> InstalledPlugin.unzip(dir.resolve("no.zip"), dir, "build it"))
        .hasMessage("no plugin archive " + dir.resolve("no.zip") + ": build it");
  }

  private static void zip(Path zip, String... entries) throws IOException {
    try (OutputStream out = Files.newOutputStream(zip);
        ZipOutputStream z = new ZipOutputStream(out)) {
      for (String e : entries) {
        z.putNextEntry(new ZipEntry(e));
        z.write("{}".getBytes(StandardCharsets.UTF_8));
        z.closeEntry();
      }
    }
  }
}
