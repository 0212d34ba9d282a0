// BrowserCheck's probe, added to its copy of a page after the page's own scripts. Once the page says it is done
// (body data-report-done, or after 8 s of the virtual time budget, whichever comes first), it measures every text
// each chart drew (axis labels and names, legends, bar labels) against that chart's drawing area, the SVG root
// ECharts sized to the container, outside of which nothing shows. What sticks out beyond TOLERANCE_PIXELS on any
// edge is written as JSON, {"clipped": [{"chart", "text", "edge", "pixels"}]}, into a script element of type
// application/json with the id browser-check-probe. Boxes are the browser's, of the text as drawn, not ECharts'
// own estimate of it.
(function () {
    'use strict';

    var TOLERANCE_PIXELS = 0.5;
    var GIVE_UP_MILLIS = 8000;
    var started = Date.now();

    function clippedTexts() {
        var clipped = [];
        Array.prototype.forEach.call(document.querySelectorAll('div.chart'), function (chart) {
            var svg = chart.querySelector('svg');
            if (!svg) { return; }
            var area = svg.getBoundingClientRect();
            Array.prototype.forEach.call(svg.querySelectorAll('text'), function (text) {
                var words = (text.textContent || '').trim();
                var box = text.getBoundingClientRect();
                if (!words || box.width === 0 || box.height === 0) { return; }
                var outside = {
                    left: area.left - box.left,
                    right: box.right - area.right,
                    top: area.top - box.top,
                    bottom: box.bottom - area.bottom
                };
                Object.keys(outside).forEach(function (edge) {
                    if (outside[edge] > TOLERANCE_PIXELS) {
                        clipped.push({chart: chart.id || '(no id)', text: words, edge: edge,
                            pixels: Math.round(outside[edge] * 10) / 10});
                    }
                });
            });
        });
        return clipped;
    }

    function report() {
        var result = document.createElement('script');
        result.type = 'application/json';
        result.id = 'browser-check-probe';
        // Every "<" escaped: no closing tag in a text can end the element early.
        result.textContent = JSON.stringify({clipped: clippedTexts()}).replace(/</g, '\\u003c');
        document.body.appendChild(result);
    }

    function whenDone() {
        if (document.body.getAttribute('data-report-done') === 'true' || Date.now() - started > GIVE_UP_MILLIS) {
            report();
        } else {
            setTimeout(whenDone, 50);
        }
    }

    window.addEventListener('load', function () { setTimeout(whenDone, 0); });
})();
