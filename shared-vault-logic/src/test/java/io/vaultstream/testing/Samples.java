package io.vaultstream.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The real Debezium events shipped as test resources, and the example models. */
public final class Samples {
  private Samples() {}

  /** The bytes of {@code samples/<name>}. */
  public static byte[] bytes(String name) {
    try (InputStream in = Samples.class.getResourceAsStream("/samples/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no sample " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The shop example model file of the repository. */
  public static Path shopModel() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path m = p.resolve("examples/shop/model.json");
      if (Files.exists(m)) {
        return m;
      }
    }
    throw new IllegalStateException(
        "examples/shop/model.json not found above " + Path.of("").toAbsolutePath());
  }
}
