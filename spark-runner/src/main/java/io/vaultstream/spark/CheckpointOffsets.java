package io.vaultstream.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a query's checkpoint says its next micro-batch begins: the Kafka end offsets of the last
 * micro-batch the checkpoint records as committed. A checkpoint keeps one file per micro-batch
 * under {@code offsets/} (a version line, a line of the batch's settings, then one line per source:
 * the Kafka source's is a JSON object of topics, partitions and end offsets, or a dash) and one per
 * committed micro-batch under {@code commits/}, both named by the batch's number.
 */
final class CheckpointOffsets {
  private static final ObjectMapper JSON = new ObjectMapper();

  private CheckpointOffsets() {}

  /** A checkpoint whose offsets cannot be read as written by the Spark versions the job runs on. */
  static final class Unreadable extends IOException {
    Unreadable(String message) {
      super(message);
    }
  }

  /**
   * The end offsets of the last committed micro-batch of the checkpoint at {@code dir}, by
   * partition; empty when the checkpoint does not exist or has no committed micro-batch yet.
   *
   * @throws Unreadable when the files are not in the format described above
   */
  static Map<TopicPartition, Long> lastCommitted(String dir, Configuration hadoop)
      throws IOException {
    Path commits = new Path(dir, "commits");
    FileSystem fs = commits.getFileSystem(hadoop);
    if (!fs.exists(commits)) {
      return Map.of();
    }
    long last = -1;
    for (FileStatus f : fs.listStatus(commits)) {
      String name = f.getPath().getName();
      if (f.isFile() && name.matches("[0-9]{1,18}")) {
        last = Math.max(last, Long.parseLong(name));
      }
    }
    if (last < 0) {
      return Map.of();
    }
    Path offsets = new Path(new Path(dir, "offsets"), Long.toString(last));
    if (!fs.exists(offsets)) {
      throw new Unreadable(offsets + " is missing, though micro-batch " + last + " was committed");
    }
    return read(fs, offsets);
  }

  /**
   * The Kafka end offsets of micro-batch {@code batch} as the checkpoint at {@code dir} planned it
   * (Spark writes them before the batch runs); empty when the file is missing.
   *
   * @throws Unreadable when the file is not in the format described above
   */
  static Map<TopicPartition, Long> ofBatch(String dir, long batch, Configuration hadoop)
      throws IOException {
    Path offsets = new Path(new Path(dir, "offsets"), Long.toString(batch));
    FileSystem fs = offsets.getFileSystem(hadoop);
    try {
      return read(fs, offsets);
    } catch (java.io.FileNotFoundException e) {
      return Map.of();
    }
  }

  private static Map<TopicPartition, Long> read(FileSystem fs, Path offsets) throws IOException {
    List<String> lines;
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(fs.open(offsets), StandardCharsets.UTF_8))) {
      lines = in.lines().toList();
    }
    return parse(offsets.toString(), lines);
  }

  /** The Kafka end offsets in the lines of one offsets file (named {@code where} in errors). */
  static Map<TopicPartition, Long> parse(String where, List<String> lines) throws Unreadable {
    requireVersion(where, lines);
    Map<TopicPartition, Long> out = new HashMap<>();
    for (String line : lines.subList(Math.min(2, lines.size()), lines.size())) {
      if (line.isBlank() || line.equals("-")) {
        continue; // a source without offsets in this batch
      }
      addSource(where, line, out);
    }
    return out;
  }

  /**
   * The offsets the checkpoint's Kafka source started from, by partition (a negative offset as
   * given: -2 the partition's beginning, -1 its end then); empty when the checkpoint does not say.
   *
   * @throws Unreadable when the file is not in the format described above
   */
  static Map<TopicPartition, Long> started(String dir, Configuration hadoop) throws IOException {
    Path file = new Path(new Path(new Path(dir, "sources"), "0"), "0");
    FileSystem fs = file.getFileSystem(hadoop);
    if (!fs.exists(file)) {
      return Map.of();
    }
    String text;
    try (var in = fs.open(file)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (text.startsWith("\0")) {
      text = text.substring(1);
    }
    List<String> lines = text.lines().toList();
    requireVersion(file.toString(), lines);
    Map<TopicPartition, Long> out = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      if (!line.isBlank()) {
        addSource(file.toString(), line, out);
      }
    }
    return out;
  }

  private static void requireVersion(String where, List<String> lines) throws Unreadable {
    if (lines.isEmpty() || !lines.get(0).equals("v1")) {
      throw new Unreadable(
          where
              + " starts with "
              + (lines.isEmpty() ? "nothing" : "'" + lines.get(0) + "'")
              + ", not the version line v1 of the Spark versions this job knows");
    }
  }

  private static void addSource(String where, String line, Map<TopicPartition, Long> out)
      throws Unreadable {
    JsonNode topics;
    try {
      topics = JSON.readTree(line);
    } catch (IOException e) {
      throw new Unreadable(where + ": a source's offsets are not JSON: " + e.getMessage());
    }
    if (!topics.isObject()) {
      throw new Unreadable(where + ": a source's offsets are not a JSON object: " + line);
    }
    for (Iterator<Map.Entry<String, JsonNode>> t = topics.fields(); t.hasNext(); ) {
      Map.Entry<String, JsonNode> topic = t.next();
      if (!topic.getValue().isObject()) {
        throw new Unreadable(where + ": the offsets of topic " + topic.getKey() + " are no object");
      }
      for (Iterator<Map.Entry<String, JsonNode>> p = topic.getValue().fields(); p.hasNext(); ) {
        Map.Entry<String, JsonNode> partition = p.next();
        if (!partition.getKey().matches("[0-9]{1,9}")
            || !partition.getValue().isIntegralNumber()
            || !partition.getValue().canConvertToLong()) {
          throw new Unreadable(
              where
                  + ": topic "
                  + topic.getKey()
                  + " has partition '"
                  + partition.getKey()
                  + "' at '"
                  + partition.getValue()
                  + "', not a partition number at an offset");
        }
        out.put(
            new TopicPartition(topic.getKey(), Integer.parseInt(partition.getKey())),
            partition.getValue().asLong());
      }
    }
  }
}
