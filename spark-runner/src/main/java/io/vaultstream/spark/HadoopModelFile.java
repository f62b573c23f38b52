package io.vaultstream.spark;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads the job's {@code --model} through Hadoop's file systems, so a model on {@code dbfs:/}, a
 * Unity Catalog volume ({@code /Volumes/...}), {@code abfss://}, {@code s3://} or {@code gs://}
 * loads as a local one does, under the same rules as the engine's model files: a file (not a
 * directory) of at most 4 MiB of UTF-8 text.
 */
final class HadoopModelFile {
  /** The most a model document may have, as the engine's model files. */
  static final int MAX_BYTES = ModelLoader.maxBytes();

  private HadoopModelFile() {}

  /**
   * The model at {@code location} (a path or URI; a path without a scheme is on the cluster's
   * default file system), with {@code topicPrefix} replacing the model's when not null.
   *
   * @throws UncheckedIOException naming the location and what is wrong with it
   * @throws io.vaultstream.model.ModelException when the file is not a valid model
   */
  static VaultModel load(String location, String topicPrefix, Configuration hadoop) {
    return ModelLoader.parse(read(location, hadoop), location, topicPrefix);
  }

  /** The text of the model file at {@code location}. */
  static String read(String location, Configuration hadoop) {
    Path path = new Path(location);
    FileSystem fs;
    FileStatus status;
    try {
      fs = path.getFileSystem(hadoop);
      status = fs.getFileStatus(path);
    } catch (FileNotFoundException e) {
      throw refused(location, "does not exist");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "--model " + location + " cannot be read: " + e.getMessage(), e);
    }
    if (!status.isFile() || !regularIfLocal(fs, path)) {
      throw refused(
          location,
          "is not a regular file (a directory, device or FIFO); give the model file itself (JSON,"
              + " or YAML for .yaml/.yml)");
    }
    if (status.getLen() > MAX_BYTES) {
      throw tooLarge(location);
    }
    try (InputStream in = fs.open(path)) {
      // Bounded while reading too: the length a remote store reports may be stale.
      return ModelLoader.text(
          in,
          () -> tooLarge(location),
          () ->
              refused(
                  location,
                  "is not UTF-8 text, so it is not a vaultstream model (a JSON or YAML document)"));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "--model " + location + " cannot be read: " + e.getMessage(), e);
    }
  }

  /**
   * Hadoop's local file system calls a FIFO or a device a file; reading one could block the driver
   * for good, so a local model must be a regular file as the engine requires.
   */
  private static boolean regularIfLocal(FileSystem fs, Path path) {
    if (!"file".equals(fs.getScheme())) {
      return true;
    }
    java.io.File local = new java.io.File(fs.makeQualified(path).toUri().getPath());
    return java.nio.file.Files.isRegularFile(local.toPath());
  }

  private static UncheckedIOException tooLarge(String location) {
    return refused(location, "is larger than 4 MiB; a model is a few kilobytes of JSON or YAML");
  }

  private static UncheckedIOException refused(String location, String why) {
    String message = "--model " + location + " " + why;
    return new UncheckedIOException(message, new IOException(message));
  }
}
