package io.vaultstream.spark;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.spark.sql.execution.streaming.FileSystemBasedCheckpointFileManager;

/**
 * The checkpoint file manager the job names for a checkpoint on the local disk: Spark's manager
 * over Hadoop's {@code FileSystem} API, except that each checkpoint file's temporary copy is
 * created by Java itself. Hadoop's local file system sets the permissions of every file it creates
 * by starting a {@code chmod} process (without Hadoop's native library, which no Maven artifact
 * carries), twice per file counting its {@code .crc} companion: four processes per micro-batch and
 * query, 25-35 ms of the offsets log's and of the commit log's write each in {@code local[2]}. The
 * file is still written in full under a temporary name and renamed into place when closed (atomic
 * on a local disk), so a crash leaves the previous checkpoint; it gets the permissions the
 * process's umask gives and no {@code .crc} companion (Hadoop reads a local file without one
 * unchecked). Listing, reading, renaming and deleting are Spark's.
 */
public class LocalCheckpointFiles extends FileSystemBasedCheckpointFileManager {

  /** The constructor Spark calls, as for any checkpoint file manager. */
  public LocalCheckpointFiles(Path path, Configuration hadoopConf) {
    super(path, hadoopConf);
  }

  @Override
  public FSDataOutputStream createTempFile(Path path) {
    File file = localFile(path);
    if (file == null) {
      return super.createTempFile(path); // named for a checkpoint elsewhere: Spark's way
    }
    try {
      return new FSDataOutputStream(
          new BufferedOutputStream(new FileOutputStream(file, false), 4096), null);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create checkpoint file " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * Makes a directory and its missing parents (a new query's logs), also without processes, with
   * the permissions the process's umask gives.
   */
  @Override
  public void mkdirs(Path path) {
    File dir = localFile(path);
    if (dir == null) {
      super.mkdirs(path);
      return;
    }
    try {
      Files.createDirectories(dir.toPath());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create checkpoint directory " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * Renames a written temporary file into place as Spark's manager does, but removes the temporary
   * file when the place is taken and may not be replaced (another writer got there first).
   */
  @Override
  public void renameTempFile(Path srcPath, Path dstPath, boolean overwriteIfPossible) {
    if (!overwriteIfPossible && exists(dstPath)) {
      try {
        fs().delete(srcPath, false);
      } catch (IOException e) {
        // Left behind as Spark's own manager leaves it; Spark's refusal below says why.
      }
    }
    super.renameTempFile(srcPath, dstPath, overwriteIfPossible);
  }

  /** The file a path names on the local disk; null when the manager's file system is not local. */
  private File localFile(Path path) {
    if (fs() instanceof LocalFileSystem local) {
      return local.pathToFile(path);
    }
    if (fs() instanceof RawLocalFileSystem raw) {
      return raw.pathToFile(path);
    }
    return null;
  }
}
