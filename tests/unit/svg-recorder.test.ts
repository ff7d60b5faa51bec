/** The SVG recorder that lets the torus painter export vectors: what the canvas calls become. */
import { describe, expect, it } from 'vitest';
import { SvgRecorder } from '../../src/d3/svg-recorder';

describe('SvgRecorder', () => {
  it('turns a stroked path into a path element with the stroke in force', () => {
    const c = new SvgRecorder();
    c.beginPath();
    c.moveTo(0, 0);
    c.lineTo(10.256, 5);
    c.strokeStyle = '#222';
    c.lineWidth = 3;
    c.lineCap = 'round';
    c.stroke();
    expect(c.toString()).toBe(
      '<path d="M0 0L10.26 5" fill="none" stroke="#222" stroke-width="3" stroke-linecap="round" stroke-linejoin="miter" stroke-miterlimit="10"/>',
    );
  });

  it('draws whole circles and rounded squares, filled, with opacity and the transform in force', () => {
    const c = new SvgRecorder(0.5);
    c.setTransform(2, 0, 0, 2, 10, 20);
    c.globalAlpha = 0.3;
    c.beginPath();
    c.arc(5, 5, 2);
    c.roundRect(0, 0, 10, 10, 2);
    c.fillStyle = '#abc';
    c.fill();
    const out = c.toString();
    expect(out).toContain('M7 5A2 2 0 1 0 3 5A2 2 0 1 0 7 5');
    expect(out).toContain('M2 0H8A2 2 0 0 1 10 2V8');
    expect(out).toContain('fill="#abc" opacity="0.3" transform="matrix(1 0 0 1 5 10)"');
  });

  it('writes text with its font, anchor and baseline, escaping what XML would read', () => {
    const c = new SvgRecorder();
    c.font = '700 12px "DejaVu Sans"';
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    c.fillStyle = '#333';
    c.fillText('a<b & "c"', 4, 6);
    expect(c.toString()).toBe(
      '<text x="4" y="6" fill="#333" style="font:700 12px &quot;DejaVu Sans&quot;" text-anchor="middle" dominant-baseline="middle">a&lt;b &amp; &quot;c&quot;</text>',
    );
  });

  it('paints nothing for an empty path', () => {
    const c = new SvgRecorder();
    c.beginPath();
    c.fill();
    c.stroke();
    expect(c.toString()).toBe('');
  });
});
