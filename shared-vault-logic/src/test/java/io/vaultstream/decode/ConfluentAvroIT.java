package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.AvroCustomers;
import io.vaultstream.testing.Samples;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Confluent wire-format Avro written with two schema versions decodes, the writer schemas fetched
 * over HTTP from a registry endpoint ({@code GET /schemas/ids/{id}}) served on loopback: the
 * registry's own artifacts are not on Maven Central, its HTTP contract is what is exercised.
 */
class ConfluentAvroIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private AvroCustomers.Registry registry;

  @BeforeEach
  void startRegistry() throws Exception {
    registry = new AvroCustomers.Registry();
  }

  @AfterEach
  void stopRegistry() {
    registry.close();
  }

  private String url() {
    return registry.url();
  }

  private static Schema envelope(boolean withCity) {
    return AvroCustomers.envelope(withCity);
  }

  private static byte[] wire(int id, Schema schema, GenericRecord record) throws Exception {
    return AvroCustomers.wire(id, schema, record);
  }

  private static GenericRecord customer(Schema env, long id, String city) {
    return AvroCustomers.customer(env, id, city);
  }

  @Test
  void twoSchemaVersionsDecode() throws Exception {
    ChangeEventDecoder d = new ChangeEventDecoder(SHOP, new DecoderOptions(null, null, url()));
    Schema v1 = envelope(false);
    Schema v2 = envelope(true);
    ChangeEvent a =
        d.decode("shop.public.customers", 0, 1, 0, null, wire(1, v1, customer(v1, 1, null)))
            .orElseThrow();
    ChangeEvent b =
        d.decode("shop.public.customers", 0, 2, 0, null, wire(2, v2, customer(v2, 2, "Kiel")))
            .orElseThrow();
    ChangeEvent c =
        d.decode("shop.public.customers", 0, 3, 0, null, wire(2, v2, customer(v2, 3, null)))
            .orElseThrow();
    assertThat(a.operation()).isEqualTo(Operation.INSERT);
    assertThat(a.get("id")).isEqualTo(1L);
    assertThat(a.get("customer_no")).isEqualTo("C1");
    assertThat(CanonicalText.of(a.get("credit"))).isEqualTo("120.50");
    assertThat(a.get("updated_at")).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(a.row()).doesNotContainKey("city");
    assertThat(a.eventTimeMicros()).isEqualTo(1_767_225_600_000_001L);
    assertThat(a.position().lsn()).isEqualTo(77L);
    assertThat(b.get("city")).isEqualTo("Kiel");
    assertThat(c.row()).containsEntry("city", null);
    assertThat(registry.requests()).as("each schema fetched once").isEqualTo(2);
  }

  @Test
  void unknownSchemaIdsAndAMissingRegistryAreNamed() throws Exception {
    ChangeEventDecoder d = new ChangeEventDecoder(SHOP, new DecoderOptions(null, null, url()));
    Schema v1 = envelope(false);
    byte[] unknown = wire(9, v1, customer(v1, 1, null));
    // Waited out first (the registry may learn the id late), then a bad record: see
    // SchemaRegistryFaultsIT.
    assertThatThrownBy(() -> d.decode("shop.public.customers", 0, 1, 0, null, unknown))
        .isInstanceOf(SchemaRegistryUnavailableException.class)
        .hasMessageContaining(
            "the schema registry answered 404 for schema id 9 (" + url() + "/schemas/ids/9)");
    ChangeEventDecoder none = new ChangeEventDecoder(SHOP, DecoderOptions.defaults());
    assertThatThrownBy(() -> none.decode("shop.public.customers", 0, 1, 0, null, unknown))
        .hasMessage(
            "the value is Confluent wire-format Avro (schema id 9); configure the schema registry URL to read it");
  }
}
