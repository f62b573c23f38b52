package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.vaultstream.testing.Samples;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model path may name any file the process can read (a connector's vault.model.path comes through
 * the Connect REST API): only regular files up to 4 MiB are read, optionally only inside one
 * directory, and a document that is not a model is never quoted back.
 */
class ModelFileLimitsTest {
  private static final Duration QUICKLY = Duration.ofSeconds(20);

  /** Lines shaped like /etc/shadow: what came back line by line in error messages. */
  private static final String SHADOW =
      "root:$6$Zq1sAlt$Hx9ShadowHashOfRootPassword0123456789abcdef:19700:0:99999:7:::\n"
          + "daemon:*:19700:0:99999:7:::\n"
          + "vault: $6$An0therSecretHash$abc\n"
          + "  - [broken: {\n";

  @Test
  void aDirectoryIsRefused(@TempDir Path dir) {
    assertThatThrownBy(() -> ModelLoader.load(dir))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessage(
            "The vault model file "
                + dir
                + " is not a regular file (a directory, device, FIFO or socket); give the path of"
                + " a JSON or YAML model file");
  }

  @Test
  void aDeviceThatNeverEndsIsRefusedWithoutReadingIt() {
    Path zero = Path.of("/dev/zero");
    assumeTrue(Files.exists(zero));
    assertTimeoutPreemptively(
        QUICKLY,
        () ->
            assertThatThrownBy(() -> ModelLoader.load(zero))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("/dev/zero is not a regular file"));
  }

  @Test
  void aFifoIsRefusedWithoutOpeningIt(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("model.json");
    Process mk;
    try {
      mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (java.io.IOException e) {
      assumeTrue(false, "no mkfifo here");
      return;
    }
    assumeTrue(mk.waitFor() == 0 && Files.exists(fifo), "mkfifo failed");
    // Opening a FIFO blocks until a writer comes: it must not be opened at all.
    assertTimeoutPreemptively(
        QUICKLY,
        () ->
            assertThatThrownBy(() -> ModelLoader.load(fifo))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("is not a regular file"));
  }

  @Test
  void aFileOverFourMebibytesIsRefused(@TempDir Path dir) throws Exception {
    Path big = dir.resolve("model.yaml");
    Files.write(big, new byte[4 * 1024 * 1024 + 1]);
    assertThatThrownBy(() -> ModelLoader.load(big))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessage(
            "The vault model file "
                + big
                + " is larger than 4 MiB, the most a vault model may have");
    Path atTheLimit = dir.resolve("limit.yaml");
    Files.writeString(atTheLimit, "#".repeat(4 * 1024 * 1024));
    assertThatThrownBy(() -> ModelLoader.load(atTheLimit)).isInstanceOf(ModelException.class);
  }

  @Test
  void aDocumentThatIsNotAModelIsNeverQuoted(@TempDir Path dir) throws Exception {
    Path shadow = dir.resolve("shadow");
    Files.writeString(shadow, SHADOW);
    ModelException e = catchThrowableOfType(() -> ModelLoader.load(shadow), ModelException.class);
    assertThat(e).isNotNull();
    assertThat(e.problems()).hasSize(1);
    assertThat(e.problems().get(0).path()).isEqualTo("/");
    assertThat(e.problems().get(0).message())
        .matches("it is not valid YAML at line \\d+, column \\d+, so this document is not a.*")
        .endsWith(
            "this document is not a vaultstream model: a model is a JSON or YAML object with"
                + " \"name\", \"sources\" and \"hubs\" (see docs/MODEL.md)");
    assertThat(e.getMessage()).doesNotContain("root", "daemon", "$6$", "Hash", "broken");
  }

  @Test
  void aParsableDocumentThatIsNotAModelIsNotQuotedEither(@TempDir Path dir) throws Exception {
    Path yaml = dir.resolve("credentials.yaml");
    Files.writeString(yaml, "aws_access_key_id: AKIAEXAMPLE\naws_secret_access_key: s3cr3tv4lue\n");
    Path json = dir.resolve("config.json");
    Files.writeString(json, "{ \"auths\": { \"registry\": { \"auth\": \"dXNlcjpwYXNz\" } } }");
    Path lines = dir.resolve("passwd");
    Files.writeString(lines, "root:x:0:0:root:/root:/bin/bash\nvault:x:999:999::/home/vault:\n");
    for (Path p : new Path[] {yaml, json, lines}) {
      ModelException e = catchThrowableOfType(() -> ModelLoader.load(p), ModelException.class);
      assertThat(e).as(p.toString()).isNotNull();
      assertThat(e.problems())
          .singleElement()
          .satisfies(
              x ->
                  assertThat(x.message())
                      .startsWith("this document is not a vaultstream model")
                      .doesNotContain("aws", "AKIA", "s3cr3t", "auth", "dXNl", "root", "vault:"));
    }
  }

  @Test
  void binaryContentIsNotAModel(@TempDir Path dir) throws Exception {
    Path bin = dir.resolve("model.json");
    Files.write(bin, new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}'});
    assertThatThrownBy(() -> ModelLoader.load(bin))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("not UTF-8 text; this is not a vaultstream model");
  }

  @Test
  void anAllowedDirectoryKeepsEveryOtherFileOut(@TempDir Path dir) throws Exception {
    Path allowed = Files.createDirectory(dir.resolve("models"));
    Path model = Files.copy(Samples.shopModel(), allowed.resolve("shop.json"));
    assertThat(ModelLoader.load(model, null, allowed).name()).isEqualTo("shop");
    // Relative segments that end inside are fine.
    assertThat(ModelLoader.load(allowed.resolve("../models/shop.json"), null, allowed).name())
        .isEqualTo("shop");

    Path outside = Files.copy(Samples.shopModel(), dir.resolve("shop.json"));
    assertThatThrownBy(() -> ModelLoader.load(outside, null, allowed))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessage(
            "The vault model file "
                + outside
                + " is not inside the directory vault models may be read from ("
                + allowed
                + "), after symbolic links; put the model there");
    assertThatThrownBy(() -> ModelLoader.load(allowed.resolve("../shop.json"), null, allowed))
        .hasMessageContaining("is not inside the directory");
    // A file that does not exist outside is refused the same way: nothing is learned about it.
    assertThatThrownBy(() -> ModelLoader.load(Path.of("/etc/no-such-file"), null, allowed))
        .hasMessageContaining("/etc/no-such-file is not inside the directory");

    Path link = allowed.resolve("link.json");
    try {
      Files.createSymbolicLink(link, outside);
    } catch (UnsupportedOperationException | java.io.IOException e) {
      return; // no symbolic links on this file system
    }
    assertThatThrownBy(() -> ModelLoader.load(link, null, allowed))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(link + " is not inside the directory");
  }

  @Test
  void anAllowedDirectoryThatIsNotOneIsNamed(@TempDir Path dir) throws Exception {
    Path model = Files.copy(Samples.shopModel(), dir.resolve("shop.json"));
    assertThatThrownBy(() -> ModelLoader.load(model, null, dir.resolve("missing")))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessage(
            "The directory vault models may be read from, "
                + dir.resolve("missing")
                + ", cannot be used: no such file or directory");
    assertThatThrownBy(() -> ModelLoader.load(model, null, model))
        .hasMessage("The directory vault models may be read from, " + model + ", is not one");
  }

  @Test
  void aPathNamedByOthersTellsNothingOfWhichPathsExist(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("missing.json");
    String unusable =
        ": it does not exist, is not a regular file or may not be read; give the path of a JSON or"
            + " YAML model file that the process can read (the reason is told for files inside an"
            + " allowed directory of models)";
    // Without an allowed directory, the three are one answer.
    for (Path p : new Path[] {missing, dir, dir.resolve("missing/deeper.json")}) {
      assertThatThrownBy(() -> ModelLoader.load(p, null, null))
          .as(p.toString())
          .isInstanceOf(UncheckedIOException.class)
          .hasMessage("Cannot read the vault model file " + p + unusable);
    }
    // The file's owner (the command line) is told what is wrong.
    assertThatThrownBy(() -> ModelLoader.load(missing))
        .hasMessage("Cannot read the vault model file " + missing + ": no such file or directory");
    assertThatThrownBy(() -> ModelLoader.load(dir)).hasMessageContaining("is not a regular file");
  }

  @Test
  void aDocumentWithSomeOfTheModelsKeysIsNotQuotedEither(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("app.json");
    Files.writeString(
        json, "{ \"sources\": { \"db_password\": 1 }, \"aws_secret_access_key\": \"AKIA\" }");
    Path yaml = dir.resolve("app.yaml");
    Files.writeString(yaml, "name: app\nhubs:\n  vault_token: s3cr3t\napi_key: k3y\n");
    for (Path p : new Path[] {json, yaml}) {
      ModelException e = catchThrowableOfType(() -> ModelLoader.load(p), ModelException.class);
      assertThat(e).as(p.toString()).isNotNull();
      assertThat(e.problems())
          .singleElement()
          .satisfies(
              x ->
                  assertThat(x.message())
                      .startsWith("this document is not a vaultstream model")
                      .doesNotContain("db_password", "aws", "AKIA", "vault_token", "api_key"));
    }
  }
}
