// The AI thinks here, off the page's thread, so the page never freezes.
// It gets the game as its record (with the seed, so a waiting draw is drawn
// again as the same troop) and answers with the engine's decision.
import { Game } from "./duke-engine/index.web.js";

// The game of the last decision to levy: its placement comes next, for the
// same record with the troop drawn, and is asked of the same game, whose
// searcher the engine keeps for it (the decision has already searched each
// troop's squares). Any other request starts from the record.
let levied = null;

self.onmessage = (event) => {
  const { id, kind, record, drawn, level, seed } = event.data;
  const t0 = performance.now();
  try {
    const kept = drawn && kind !== "hint" && levied && levied.record === record ? levied.game : null;
    levied = null;
    const game = kept ?? Game.fromRecord(record);
    if (drawn) {
      const again = game.draw();
      if (again !== drawn) throw new Error(`the worker drew ${again}, the page ${drawn}`);
    }
    if (kind === "hint") {
      const h = game.hint(level, 3);
      self.postMessage({ id, ok: true, hint: h, millis: performance.now() - t0 });
    } else {
      const d = game.bestDecision({ level, seed });
      if (d.levy) levied = { record, game };
      self.postMessage({
        id,
        ok: true,
        action: d.action === undefined ? null : d.action.toString(),
        levy: d.levy,
        depth: d.depth,
        nodes: d.nodes,
        millis: performance.now() - t0,
      });
    }
  } catch (e) {
    self.postMessage({ id, ok: false, error: String(e && e.message ? e.message : e) });
  }
};
self.postMessage({ ready: true });
