package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.engine.Failures;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.AvroCustomers;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.avro.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A schema registry on loopback that fails: an outage (503, a closed port) is retriable and never
 * makes the record a bad record; only an answer about the schema id (404) does; refused credentials
 * fail without blaming the record. Basic and bearer authentication reach the registry.
 */
class SchemaRegistryFaultsIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String TOPIC = "shop.public.customers";
  private AvroCustomers.Registry registry;
  private byte[] first;
  private byte[] second;

  @BeforeEach
  void start() throws Exception {
    registry = new AvroCustomers.Registry();
    Schema v1 = AvroCustomers.envelope(false);
    first = AvroCustomers.wire(1, v1, AvroCustomers.customer(v1, 1, null));
    second = AvroCustomers.wire(1, v1, AvroCustomers.customer(v1, 2, null));
  }

  @AfterEach
  void stop() {
    registry.close();
  }

  private ChangeEventDecoder decoder(String url, SchemaRegistryAuth auth) {
    return new ChangeEventDecoder(SHOP, new DecoderOptions(null, null, url, auth));
  }

  @Test
  void anOutageIsRetriableNotABadRecordAndPassesWhenTheRegistryIsBack() {
    ChangeEventDecoder d = decoder(registry.url(), null);
    registry.fail(503, 1);
    assertThatThrownBy(() -> d.decode(TOPIC, 0, 1, 0, null, first))
        .isInstanceOf(SchemaRegistryUnavailableException.class)
        .isNotInstanceOf(DecodeException.class)
        .hasMessageContaining("the schema registry answered 503 for schema id 1")
        .satisfies(e -> assertThat(Failures.retriable(e)).isTrue());
    // The registry is back: the same record decodes (the failure was not kept).
    assertThat(d.decode(TOPIC, 0, 1, 0, null, first).orElseThrow().get("id")).isEqualTo(1L);
    assertThat(d.decode(TOPIC, 0, 2, 0, null, second).orElseThrow().get("id")).isEqualTo(2L);
    assertThat(registry.requests()).as("the 503, then the schema once").isEqualTo(2);
  }

  @Test
  void tooManyRequestsAndAClosedPortAreOutagesToo() {
    ChangeEventDecoder d = decoder(registry.url(), null);
    registry.fail(429, 1);
    assertThatThrownBy(() -> d.decode(TOPIC, 0, 1, 0, null, first))
        .isInstanceOf(SchemaRegistryUnavailableException.class);
    String url = registry.url();
    registry.close();
    assertThatThrownBy(() -> decoder(url, null).decode(TOPIC, 0, 1, 0, null, first))
        .isInstanceOf(SchemaRegistryUnavailableException.class)
        .hasMessageContaining("cannot reach the schema registry at " + url + "/schemas/ids/1");
  }

  @Test
  void aSchemaIdTheRegistryLearnsLateIsWaitedFor() {
    // A follower behind its leader: 404 twice, then the schema.
    SchemaRegistryClient client = new SchemaRegistryClient(registry.url(), null, 60_000, 60_000);
    registry.fail(404, 2);
    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> client.schema(1))
          .isInstanceOf(SchemaRegistryUnavailableException.class)
          .hasMessageContaining("answered 404 for schema id 1")
          .hasMessageContaining("at most 60000 ms before the record is a bad record")
          .satisfies(e -> assertThat(Failures.retriable(e)).isTrue());
    }
    assertThat(client.schema(1).getName()).isEqualTo("Envelope");
  }

  @Test
  void anUnknownSchemaIdIsABadRecordOnceTheWaitIsOverAndTheAnswerIsKept() throws Exception {
    SchemaRegistryClient client = new SchemaRegistryClient(registry.url(), null, 200, 60_000);
    assertThatThrownBy(() -> client.schema(9))
        .isInstanceOf(SchemaRegistryUnavailableException.class);
    long deadline = System.nanoTime() + 10_000_000_000L;
    RuntimeException last = null;
    while (System.nanoTime() < deadline) {
      try {
        client.schema(9);
      } catch (SchemaRegistryUnavailableException e) {
        continue; // still within the wait
      } catch (DecodeException e) {
        last = e;
        break;
      }
    }
    assertThat(last)
        .isNotNull()
        .hasMessageContaining("the schema registry answered 404 for schema id 9");
    int asked = registry.requests();
    for (int i = 0; i < 5; i++) {
      assertThatThrownBy(() -> client.schema(9)).isInstanceOf(DecodeException.class);
    }
    assertThat(registry.requests()).as("the answer is kept, not asked for again").isEqualTo(asked);
    // Another id is asked for as usual.
    assertThat(client.schema(2)).isNotNull();
  }

  @Test
  void basicAuthenticationFromTheOptionsOrTheUrl() {
    registry.requireAuthorization(
        "Basic "
            + Base64.getEncoder().encodeToString("vault:s3cret".getBytes(StandardCharsets.UTF_8)));
    assertThat(
            decoder(registry.url(), new SchemaRegistryAuth("vault:s3cret", null))
                .decode(TOPIC, 0, 1, 0, null, first))
        .isPresent();
    String withUserInfo = registry.url().replace("http://", "http://vault:s3cret@");
    assertThat(decoder(withUserInfo, null).decode(TOPIC, 0, 1, 0, null, first)).isPresent();
    // Refused credentials: not the record's fault, and no retry helps; the secret is not shown.
    assertThatThrownBy(
            () ->
                decoder(registry.url(), new SchemaRegistryAuth("vault:wrong", null))
                    .decode(TOPIC, 0, 1, 0, null, first))
        .isInstanceOf(SchemaRegistryException.class)
        .isNotInstanceOf(DecodeException.class)
        .isNotInstanceOf(SchemaRegistryUnavailableException.class)
        .hasMessageContaining("answered 401")
        .hasMessageContaining("basic(vault:***)")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("wrong"))
        .satisfies(e -> assertThat(Failures.retriable(e)).isFalse());
    assertThat(new DecoderOptions(null, null, "u", new SchemaRegistryAuth("vault:s3cret", null)))
        .asString()
        .doesNotContain("s3cret");
  }

  @Test
  void bearerAuthentication() {
    registry.requireAuthorization("Bearer t0ken");
    assertThat(
            decoder(registry.url(), new SchemaRegistryAuth(null, "t0ken"))
                .decode(TOPIC, 0, 1, 0, null, first))
        .isPresent();
    assertThat(new SchemaRegistryAuth(null, "t0ken").toString()).isEqualTo("bearer(***)");
    assertThatThrownBy(() -> new SchemaRegistryAuth("a:b", "t")).hasMessageContaining("not both");
    assertThatThrownBy(() -> new SchemaRegistryAuth("nocolon", null))
        .hasMessageContaining("user:password");
  }
}
