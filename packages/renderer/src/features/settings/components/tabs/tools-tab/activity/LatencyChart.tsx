import type { ServerFigures } from './callLog';

const WIDTH = 160;
const HEIGHT = 36;
const GAP = 1;

/**
 * A server's latest calls as bars: height is the duration against the slowest of them, a failed
 * call is drawn in the error colour and full height (an error is what the eye should find). The
 * figures beside it say the same in words; the picture is one labelled image.
 */
export function LatencyChart({ figures, label }: { figures: ServerFigures; label: string }) {
  const slowest = Math.max(1, ...figures.recent.map((point) => point.durationMs));
  const barWidth = WIDTH / Math.max(figures.recent.length, 10);
  return (
    <svg role="img" aria-label={label} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="latency-chart" data-testid="latency-chart">
      <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="latency-chart-axis" />
      {figures.recent.map((point, index) => {
        const height = point.failed ? HEIGHT : Math.max(2, (point.durationMs / slowest) * (HEIGHT - 2));
        return (
          <rect
            key={index}
            x={index * barWidth}
            y={HEIGHT - height}
            width={Math.max(1, barWidth - GAP)}
            height={height}
            className={point.failed ? 'latency-chart-failed' : 'latency-chart-ok'}
            data-failed={point.failed || undefined}
          />
        );
      })}
    </svg>
  );
}
