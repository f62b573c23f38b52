package io.vaultstream.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * Reads a non-historized link's {@code onChange} and {@code changeSatellite}, and adds the
 * satellite that {@code onChange: "satellite"} loads to the model's satellites.
 */
final class ChangeChoices {
  private ChangeChoices() {}

  /** The link as read, with its change policy and satellite name from {@code node}. */
  static Link read(Link l, JsonNode node, String path, ModelFields fields, List<ModelProblem> out) {
    String value = fields.text(node, path, "onChange", ChangePolicy.ERROR.id());
    ChangePolicy policy = ChangePolicy.ERROR;
    try {
      policy = ChangePolicy.parse(value);
    } catch (IllegalArgumentException e) {
      out.add(new ModelProblem(path + "/onChange", e.getMessage()));
    }
    String sat = fields.text(node, path, "changeSatellite", null);
    if (sat != null && policy != ChangePolicy.SATELLITE) {
      out.add(
          new ModelProblem(
              path + "/changeSatellite",
              "names the satellite of \"onChange\": \"satellite\", but onChange is \""
                  + policy.id()
                  + "\""));
      sat = null;
    } else if (policy == ChangePolicy.SATELLITE && sat == null) {
      sat = defaultName(l.name());
    }
    return new Link(
        l.name(),
        l.hashKey(),
        l.source(),
        l.hubs(),
        l.dependentChildKey(),
        l.columns(),
        true,
        policy,
        sat);
  }

  /** {@code lsat_payment} for {@code nhl_payment}, else {@code lsat_<name>}. */
  static String defaultName(String link) {
    return "lsat_" + (link.startsWith("nhl_") ? link.substring(4) : link);
  }

  /**
   * Adds each change satellite: parent the link, loaded from its source, with its columns (or, like
   * the link, every non-key column when it declares none), delete tracking on.
   */
  static void addSatellites(
      Map<String, Link> links, Map<String, Satellite> sats, List<ModelProblem> out) {
    for (Link l : links.values()) {
      if (!l.nonHistorized() || l.onChange() != ChangePolicy.SATELLITE) {
        continue;
      }
      String path = "/nonHistorizedLinks/" + l.name() + "/changeSatellite";
      if (sats.containsKey(l.changeSatellite()) || links.containsKey(l.changeSatellite())) {
        out.add(
            new ModelProblem(
                path,
                "the name '"
                    + l.changeSatellite()
                    + "' is already used; give \"changeSatellite\" another name"));
        continue;
      }
      sats.put(
          l.changeSatellite(),
          new Satellite(
              l.changeSatellite(),
              l.name(),
              l.source(),
              l.columns().isEmpty() ? null : l.columns(),
              true));
    }
  }

  /**
   * Why a satellite may not hang off this link, or null: a non-historized link takes only the
   * satellite its {@code onChange: "satellite"} adds.
   */
  static String refusedParent(Satellite s, Link parent) {
    if (!parent.nonHistorized()
        || (parent.onChange() == ChangePolicy.SATELLITE
            && s.name().equals(parent.changeSatellite()))) {
      return null;
    }
    return "'"
        + parent.name()
        + "' is a non-historized link, which keeps its attributes in its own rows and takes no"
        + " satellites; to keep every version of them, give the link \"onChange\": \"satellite\""
        + " (see docs/MODEL.md), or make it a link with a link satellite";
  }
}
