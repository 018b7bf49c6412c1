import type { Attributes, Counter, Histogram, Meter } from '@opentelemetry/api';
import type { CallDeniedEvent, CallEndEvent } from '@toolcell/executor';
import { GEN_AI, METRICS, TOOLCELL } from './attribute-names.js';

/** Calls, durations and refusals by code, through an OpenTelemetry `Meter`. */
export class CallMetrics {
  private readonly calls: Counter;
  private readonly duration: Histogram;
  private readonly refusals: Counter;

  constructor(meter: Meter) {
    this.calls = meter.createCounter(METRICS.calls, { description: 'Tool calls that ended, by tool, source and outcome.' });
    this.duration = meter.createHistogram(METRICS.duration, { description: 'Tool call duration, submission to end.', unit: 's' });
    this.refusals = meter.createCounter(METRICS.refusals, { description: 'Calls refused before their tool ran, by code and stage.' });
  }

  ended(event: CallEndEvent): void {
    const attributes: Attributes = {
      [GEN_AI.toolName]: event.toolName,
      [TOOLCELL.source]: event.source.type,
      [TOOLCELL.outcomeStatus]: event.status,
    };
    if (event.code !== undefined) attributes[TOOLCELL.outcomeCode] = event.code;
    this.calls.add(1, attributes);
    this.duration.record(event.durationMs / 1000, attributes);
  }

  denied(event: CallDeniedEvent): void {
    this.refusals.add(1, { [GEN_AI.toolName]: event.toolName, [TOOLCELL.outcomeCode]: event.code, [TOOLCELL.denialStage]: event.stage });
  }
}
