package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stored positions keep the anchor record they were read with (offset and Kafka timestamp), so an
 * adapter can tell a position of the topic it reads from one of another Kafka cluster or of a topic
 * created again; vaults whose vs_progress predates the anchors gain the columns (auto-create) or
 * keep working without them.
 */
abstract class ProgressAnchorsContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final EventFactory ev = new EventFactory(SHOP);

  private VaultLoader open(String schema, boolean autoCreate) throws Exception {
    VaultLoader l = VaultLoader.open(SHOP, db().options(schema).autoCreate(autoCreate).build());
    return track(l);
  }

  private ChangeEvent customer(long id) {
    return ev.customer("c", at(id), id, "C" + id);
  }

  private static Progress progress(ChangeEvent e, Progress.Anchor anchor) {
    return new Progress(
        "anchors",
        List.of(new Progress.Position(e.position().topic(), 0, e.position().offset() + 1, anchor)));
  }

  @Test
  void anAnchorIsStoredAndKeptByPositionsWithoutOne() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, true);
    ChangeEvent first = customer(1);
    loader.load(List.of(first), List.of(), progress(first, new Progress.Anchor(41, 1_700_000L)));
    assertThat(loader.progress("anchors"))
        .extracting(Progress.Position::anchor)
        .containsExactly(new Progress.Anchor(41, 1_700_000L));

    ChangeEvent second = customer(2);
    loader.load(List.of(second), List.of(), progress(second, null));
    Progress.Position p = loader.progress("anchors").get(0);
    assertThat(p.nextOffset()).isEqualTo(second.position().offset() + 1);
    assertThat(p.anchor()).as("kept").isEqualTo(new Progress.Anchor(41, 1_700_000L));

    ChangeEvent third = customer(3);
    loader.load(List.of(third), List.of(), progress(third, new Progress.Anchor(43, 1_700_009L)));
    assertThat(loader.progress("anchors").get(0).anchor())
        .isEqualTo(new Progress.Anchor(43, 1_700_009L));
  }

  @Test
  void aVaultFromBeforeTheAnchorsGainsTheirColumnsOrWorksWithout() throws Exception {
    String schema = newSchema();
    open(schema, true).close();
    db().execute(
            "ALTER TABLE " + schema + ".vs_progress DROP COLUMN anchor_offset",
            "ALTER TABLE " + schema + ".vs_progress DROP COLUMN anchor_ts");

    // Without auto-create the loader stores and reads positions without anchors.
    VaultLoader old = open(schema, false);
    ChangeEvent first = customer(1);
    old.load(List.of(first), List.of(), progress(first, new Progress.Anchor(7, 9L)));
    assertThat(old.progress("anchors"))
        .extracting(Progress.Position::nextOffset, Progress.Position::anchor)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(first.position().offset() + 1, null));
    old.close();

    // With auto-create the columns are added at start, and anchors are stored from then on.
    VaultLoader upgraded = open(schema, true);
    ChangeEvent second = customer(2);
    upgraded.load(List.of(second), List.of(), progress(second, new Progress.Anchor(8, 10L)));
    assertThat(upgraded.progress("anchors").get(0).anchor()).isEqualTo(new Progress.Anchor(8, 10L));
  }
}
