package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import java.util.Map;

/** An event with its key values completed (from the row, or the key map for deletes). */
record PlanItem(
    ChangeEvent event,
    String pk,
    Map<String, String> keys,
    boolean linksOnly,
    boolean unknownParent) {}
