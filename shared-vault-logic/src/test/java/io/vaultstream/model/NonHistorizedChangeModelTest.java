package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * A non-historized link's {@code onChange} and {@code changeSatellite}, the satellite it adds, the
 * refusal of satellites hung off a non-historized link, and the warnings of a valid model.
 */
class NonHistorizedChangeModelTest {
  private static final String LINK_COLUMNS = "\"columns\": [\"paid_at\", \"amount\", \"method\"]";

  private static VaultModel shopWith(String extra) throws Exception {
    return ModelLoader.parse(shopText(extra), "shop.json");
  }

  private static String shopText(String extra) throws Exception {
    return Files.readString(Samples.shopModel()).replace(LINK_COLUMNS, LINK_COLUMNS + extra);
  }

  private static String problems(String extra) {
    try {
      shopWith(extra);
    } catch (ModelException e) {
      return e.getMessage();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    throw new AssertionError("the model was accepted");
  }

  @Test
  void anErrorRowIsTheDefault() throws Exception {
    Link l = shopWith("").links().get("nhl_payment");
    assertThat(l.onChange()).isEqualTo(ChangePolicy.ERROR);
    assertThat(l.setsChangesAside()).isTrue();
    assertThat(l.changeSatellite()).isNull();
    assertThat(shopWith("").links().get("lnk_order_line").setsChangesAside()).isFalse();
  }

  @Test
  void ignoreIsReadAndGetsItsNoteTable() throws Exception {
    VaultModel m = shopWith(", \"onChange\": \"ignore\"");
    assertThat(m.links().get("nhl_payment").onChange()).isEqualTo(ChangePolicy.IGNORE);
    assertThat(m.satellites()).doesNotContainKey("lsat_payment");
    assertThat(new VaultTables(m, new PostgresDialect(), new HashKeyCalculator(m.hashing())).all())
        .containsKey(VaultTables.IGNORED_CHANGES);
    assertThat(
            new VaultTables(shopWith(""), new PostgresDialect(), new HashKeyCalculator(m.hashing()))
                .all())
        .doesNotContainKey(VaultTables.IGNORED_CHANGES);
  }

  @Test
  void satelliteAddsALinkSatelliteWithTheLinksColumns() throws Exception {
    VaultModel m = shopWith(", \"onChange\": \"satellite\"");
    Satellite s = m.satellites().get("lsat_payment");
    assertThat(s)
        .isEqualTo(
            new Satellite(
                "lsat_payment",
                "nhl_payment",
                "payments",
                java.util.List.of("paid_at", "amount", "method"),
                true));
    assertThat(m.links().get("nhl_payment").setsChangesAside()).isFalse();
    VaultModel named =
        shopWith(", \"onChange\": \"Satellite\", \"changeSatellite\": \"sat_payment_versions\"");
    assertThat(named.satellites().get("sat_payment_versions").parent()).isEqualTo("nhl_payment");
    assertThat(
            new VaultTables(named, new PostgresDialect(), new HashKeyCalculator(named.hashing()))
                .all()
                .get("sat_payment_versions")
                .primaryKey())
        .containsExactly("payment_hk", "load_dts");
  }

  @Test
  void anUnknownChoiceOrAMisplacedSatelliteNameIsAProblemWithItsPath() {
    assertThat(problems(", \"onChange\": \"update\""))
        .contains(
            "/nonHistorizedLinks/nhl_payment/onChange: unknown onChange 'update'; valid: error,"
                + " ignore, satellite");
    assertThat(problems(", \"changeSatellite\": \"lsat_x\""))
        .contains(
            "/nonHistorizedLinks/nhl_payment/changeSatellite: names the satellite of"
                + " \"onChange\": \"satellite\", but onChange is \"error\"");
    assertThat(problems(", \"onChange\": \"satellite\", \"changeSatellite\": \"sat_order\""))
        .contains(
            "/nonHistorizedLinks/nhl_payment/changeSatellite: the name 'sat_order' is already"
                + " used");
    assertThat(problems(", \"onChnage\": \"ignore\"")).contains("onChnage");
  }

  @Test
  void aSatelliteOfANonHistorizedLinkIsRefusedSayingSo() throws Exception {
    String text =
        shopText("")
            .replace(
                "\"satellites\": {",
                "\"satellites\": { \"sat_payment\": { \"parent\": \"nhl_payment\", \"source\":"
                    + " \"payments\" },");
    assertThatThrownBy(() -> ModelLoader.parse(text, "shop.json"))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining(
            "/satellites/sat_payment/parent: 'nhl_payment' is a non-historized link, which keeps"
                + " its attributes in its own rows and takes no satellites; to keep every version"
                + " of them, give the link \"onChange\": \"satellite\"")
        .hasMessageNotContaining("unknown parent");
  }

  @Test
  void warnsOfASourceWithoutColumnsWhoseColumnsTheModelNames() {
    String yaml =
        """
        name: mini
        sources:
          customers: { topic: t.customers, primaryKey: [id] }
          products: { topic: t.products, primaryKey: [id], columns: [id, sku, name] }
        hubs:
          hub_customer: { businessKey: [customer_no], sources: { customers: [customer_no] } }
          hub_product: { businessKey: [sku], sources: { products: [sku] } }
        satellites:
          sat_customer: { parent: hub_customer, source: customers, columns: [nmae] }
          sat_product: { parent: hub_product, source: products }
        """;
    VaultModel m = ModelLoader.parse(yaml, "mini.yaml");
    assertThat(ModelWarnings.of(m))
        .singleElement()
        .satisfies(
            w -> {
              assertThat(w.path()).isEqualTo("/sources/customers");
              assertThat(w.message())
                  .startsWith(
                      "declares no \"columns\", so the columns the model names of it (id,"
                          + " customer_no, nmae) are not checked");
            });
    assertThat(ModelWarnings.loadsEveryColumn(m, "products")).isTrue();
    assertThat(ModelWarnings.loadsEveryColumn(m, "customers")).isFalse();
  }
}
