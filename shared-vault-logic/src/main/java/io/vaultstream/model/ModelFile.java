package io.vaultstream.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Reads a model file named by a setting that others may write (a connector's {@code
 * vault.model.path} arrives through the Connect REST API): a regular file only, at most {@link
 * #MAX_BYTES}, and inside the allowed directory when one is set. A device that never ends, a FIFO
 * that blocks or a file elsewhere on the worker is refused before a byte of it is read.
 */
final class ModelFile {
  /** The most a model document may have; real models are a few kilobytes. */
  static final int MAX_BYTES = 4 * 1024 * 1024;

  /** The cap as messages say it. */
  static final String MAX_TEXT = "4 MiB";

  private ModelFile() {}

  /**
   * The file's text.
   *
   * @param allowedDir the directory the file must be in, after symbolic links; null for anywhere
   * @throws UncheckedIOException naming the file and what is wrong with it
   * @throws ModelException when the file is not UTF-8 text (so not a model)
   */
  static String read(Path file, Path allowedDir) {
    return read(file, allowedDir, true);
  }

  /**
   * As {@link #read(Path, Path)}; with {@code precise} false and no allowed directory, a file that
   * does not exist, may not be read or is not a regular file gets one and the same message, so a
   * caller who may name any path (a connector's configuration) cannot learn which paths exist.
   */
  static String read(Path file, Path allowedDir, boolean precise) {
    boolean tell = precise || allowedDir != null;
    Path target = allowedDir == null ? file : inside(file, allowedDir);
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(target, BasicFileAttributes.class);
    } catch (IOException e) {
      throw tell ? cannotRead(file, e) : unusable(file, e);
    }
    if (!attrs.isRegularFile()) {
      if (!tell) {
        throw unusable(file, null);
      }
      throw refused(
          file,
          "is not a regular file (a directory, device, FIFO or socket); give the path of a JSON or"
              + " YAML model file");
    }
    if (attrs.size() > MAX_BYTES) {
      throw tooLarge(file);
    }
    try (InputStream in = Files.newInputStream(target)) {
      // Bounded again while reading: the file may have grown (or been swapped) since.
      return ModelLoader.text(
          in,
          () -> tooLarge(file),
          () ->
              new ModelException(
                  file.toString(),
                  List.of(
                      new ModelProblem(
                          "/",
                          "not UTF-8 text; this is not a vaultstream model (a JSON or YAML"
                              + " document)"))));
    } catch (IOException e) {
      throw tell ? cannotRead(file, e) : unusable(file, e);
    }
  }

  /** What a file that cannot be used is told as when its reason may not be told. */
  static final String UNUSABLE =
      "does not exist, is not a regular file or may not be read; give the path of a JSON or YAML"
          + " model file that the process can read (the reason is told for files inside an allowed"
          + " directory of models)";

  private static UncheckedIOException unusable(Path file, IOException cause) {
    String message = "Cannot read the vault model file " + file + ": it " + UNUSABLE;
    return new UncheckedIOException(message, new IOException(message));
  }

  /**
   * The file's real path, when it is inside the allowed directory. Checked on the path as given
   * first, so a file elsewhere is refused without even learning whether it exists.
   */
  private static Path inside(Path file, Path allowedDir) {
    Path dir;
    try {
      dir = allowedDir.toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "The directory vault models may be read from, "
              + allowedDir
              + ", cannot be used: "
              + reason(e),
          e);
    }
    if (!Files.isDirectory(dir)) {
      String m = "The directory vault models may be read from, " + allowedDir + ", is not one";
      throw new UncheckedIOException(m, new IOException(m));
    }
    Path given = file.toAbsolutePath().normalize();
    if (!given.startsWith(dir) && !given.startsWith(allowedDir.toAbsolutePath().normalize())) {
      throw outside(file, allowedDir);
    }
    Path real;
    try {
      real = file.toRealPath();
    } catch (IOException e) {
      throw cannotRead(file, e);
    }
    if (!real.startsWith(dir)) {
      throw outside(file, allowedDir); // a symbolic link out of the directory
    }
    return real;
  }

  private static UncheckedIOException outside(Path file, Path allowedDir) {
    return refused(
        file,
        "is not inside the directory vault models may be read from ("
            + allowedDir
            + "), after symbolic links; put the model there");
  }

  private static UncheckedIOException tooLarge(Path file) {
    return refused(file, "is larger than " + MAX_TEXT + ", the most a vault model may have");
  }

  private static UncheckedIOException refused(Path file, String why) {
    String message = "The vault model file " + file + " " + why;
    return new UncheckedIOException(message, new IOException(message));
  }

  private static UncheckedIOException cannotRead(Path file, IOException e) {
    return new UncheckedIOException(
        "Cannot read the vault model file " + file + ": " + reason(e), e);
  }

  /** What the exception says, without the exception's class name. */
  private static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    String m = e.getMessage();
    String name = e.getClass().getSimpleName();
    return m == null ? name : name.equals("IOException") ? m : name + ": " + m;
  }
}
