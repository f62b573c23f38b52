package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordingStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.util.NativeCodeLoader;
import org.apache.spark.sql.execution.streaming.CheckpointFileManager;
import org.apache.spark.sql.execution.streaming.CheckpointFileManager.CancellableFSDataOutputStream;
import org.apache.spark.sql.execution.streaming.FileSystemBasedCheckpointFileManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job's checkpoint file manager for the local disk, as Spark's streaming logs use it. */
class LocalCheckpointFilesTest {

  @TempDir Path dir;

  @Test
  void aCheckpointFileIsWrittenWholeUnderItsNameAndReadBack() throws IOException {
    CheckpointFileManager files = manager();
    org.apache.hadoop.fs.Path offsets =
        written(files, "offsets/7", "v1\n{\"shop.public.orders\":{\"0\":42}}", false);

    assertThat(Files.readString(dir.resolve("offsets/7")))
        .isEqualTo("v1\n{\"shop.public.orders\":{\"0\":42}}");
    try (FSDataInputStream in = files.open(offsets)) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).startsWith("v1\n");
    }
    // Nothing else is left in the directory: no temporary file, no .crc companion.
    assertThat(names(dir.resolve("offsets"))).containsExactly("7");
    assertThat(files.exists(offsets)).isTrue();
  }

  @Test
  void aCancelledWriteLeavesNothingAndTheFileBeforeItStands() throws IOException {
    CheckpointFileManager files = manager();
    org.apache.hadoop.fs.Path commit =
        written(files, "commits/3", "v1\n{\"nextBatchWatermarkMs\":0}", true);

    CancellableFSDataOutputStream out = files.createAtomic(commit, true);
    out.write("half a file".getBytes(StandardCharsets.UTF_8));
    out.cancel();

    assertThat(Files.readString(dir.resolve("commits/3")))
        .isEqualTo("v1\n{\"nextBatchWatermarkMs\":0}");
    assertThat(names(dir.resolve("commits"))).containsExactly("3");
  }

  @Test
  void aFileIsReplacedOnlyWhereSparkAllowsIt() throws IOException {
    CheckpointFileManager files = manager();
    org.apache.hadoop.fs.Path batch = written(files, "offsets/0", "first", false);

    assertThatThrownBy(() -> write(files, batch, "second", false))
        .isInstanceOf(FileAlreadyExistsException.class);
    assertThat(Files.readString(dir.resolve("offsets/0"))).isEqualTo("first");
    // (Spark's own manager leaves the refused temporary file behind; this one removes it.)
    assertThat(names(dir.resolve("offsets"))).containsExactly("0");

    write(files, batch, "third", true);
    assertThat(Files.readString(dir.resolve("offsets/0"))).isEqualTo("third");
    assertThat(names(dir.resolve("offsets"))).containsExactly("0");
  }

  @Test
  void writingCheckpointFilesStartsNoProcess() throws Exception {
    org.apache.hadoop.fs.Path logDir = hadoop(dir.resolve("query/offsets"));
    // (Made first: loading Hadoop's shell utilities starts one process per JVM, once.)
    LocalCheckpointFiles files = manager();
    List<String> started =
        processesStartedWhile(
            () -> {
              files.mkdirs(logDir);
              writeTen(files, logDir, "ours");
            });
    assertThat(started)
        .as("processes started while making a log directory and writing ten files")
        .isEmpty();
    assertThat(names(dir.resolve("query/offsets"))).hasSize(10);

    // The same writes through Spark's own FileSystem manager start them (what this class avoids;
    // not with Hadoop's native library, which no Maven artifact carries), so the recording above
    // does see processes when there are any.
    List<String> spark =
        processesStartedWhile(
            () ->
                writeTen(
                    new FileSystemBasedCheckpointFileManager(logDir, new Configuration()),
                    logDir,
                    "spark"));
    if (!NativeCodeLoader.isNativeCodeLoaded()) {
      assertThat(spark).anyMatch(command -> command.startsWith("chmod"));
    }
  }

  @Test
  void aCheckpointWrittenByHadoopBeforeIsTakenOverWithoutItsChecksums() throws IOException {
    // A checkpoint Spark's own manager wrote (with .crc companions), then written by this one:
    // the file replaced is read back as written, its stale checksum gone with it.
    CheckpointFileManager spark =
        new FileSystemBasedCheckpointFileManager(hadoop(dir), new Configuration());
    org.apache.hadoop.fs.Path commit =
        written(spark, "commits/4", "v1\n{\"nextBatchWatermarkMs\":1}", false);
    assertThat(names(dir.resolve("commits"))).containsExactly(".4.crc", "4");

    CheckpointFileManager files = manager();
    write(files, commit, "v1\n{\"nextBatchWatermarkMs\":22}", true);
    assertThat(names(dir.resolve("commits"))).containsExactly("4");
    try (FSDataInputStream in = files.open(commit)) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo("v1\n{\"nextBatchWatermarkMs\":22}");
    }
    try (FSDataInputStream in = spark.open(commit)) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).endsWith(":22}");
    }
  }

  private interface Writes {
    void run() throws IOException;
  }

  /**
   * The commands of the processes the JVM started while {@code writes} ran, from the JVM's flight
   * recorder; a process started by the test itself at the end marks when every event is in.
   */
  private static List<String> processesStartedWhile(Writes writes) throws Exception {
    List<String> commands = new CopyOnWriteArrayList<>();
    String marker = "true";
    CountDownLatch markerSeen = new CountDownLatch(1);
    try (RecordingStream rs = new RecordingStream()) {
      rs.enable("jdk.ProcessStart");
      rs.onEvent(
          "jdk.ProcessStart",
          e -> {
            String command = e.getString("command");
            commands.add(command);
            if (command.equals(marker)) {
              markerSeen.countDown();
            }
          });
      rs.startAsync();
      writes.run();
      Process p = new ProcessBuilder(marker).start();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(markerSeen.await(30, TimeUnit.SECONDS))
          .as("the flight recorder saw the marker process")
          .isTrue();
    }
    return commands.stream().filter(c -> !c.equals(marker)).toList();
  }

  private static void writeTen(
      CheckpointFileManager files, org.apache.hadoop.fs.Path dir, String tag) throws IOException {
    for (int i = 0; i < 10; i++) {
      write(files, new org.apache.hadoop.fs.Path(dir, tag + i), "v1\n{}", false);
    }
  }

  private static void write(
      CheckpointFileManager files, org.apache.hadoop.fs.Path path, String text, boolean overwrite)
      throws IOException {
    CancellableFSDataOutputStream out = files.createAtomic(path, overwrite);
    out.write(text.getBytes(StandardCharsets.UTF_8));
    out.close();
  }

  /** {@code text} written as file {@code relative} of the test's directory, its parent made. */
  private org.apache.hadoop.fs.Path written(
      CheckpointFileManager files, String relative, String text, boolean overwrite)
      throws IOException {
    org.apache.hadoop.fs.Path path = hadoop(dir.resolve(relative));
    files.mkdirs(path.getParent());
    write(files, path, text, overwrite);
    return path;
  }

  private LocalCheckpointFiles manager() {
    return new LocalCheckpointFiles(hadoop(dir), new Configuration());
  }

  private static org.apache.hadoop.fs.Path hadoop(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
