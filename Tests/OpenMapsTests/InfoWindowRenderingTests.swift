import OpenMapsTesting
import MapDrawing
import OpenMaps
import Testing

@MainActor
@Suite("Info window rendering")
struct InfoWindowRenderingTests {
    private func golden(_ content: InfoWindowContent, _ name: String) {
        guard let window = InfoWindowRenderer.render(content, scale: 2) else {
            Issue.record("no window for \(name)")
            return
        }
        let result = GoldenImage.check(window.image.bitmap, named: name)
        #expect(result.passed, "\(result.message)")
    }

    @Test func titleOnly() { golden(.text(title: "London", snippet: nil), "info-title-only") }
    @Test func snippetOnly() { golden(.text(title: nil, snippet: "Population: 8,174,100"), "info-snippet-only") }
    @Test func titleAndSnippet() { golden(.text(title: "London", snippet: "Population: 8,174,100"), "info-title-snippet") }

    @Test func longTextWrapsAndEndsInEllipsis() {
        let snippet = String(repeating: "Very long messages may be truncated after a few lines. ", count: 30)
        golden(.text(title: "A title that is long enough to wrap onto a second line", snippet: snippet), "info-long")
    }

    @Test func chineseAndJapanese() { golden(.text(title: "東京タワー", snippet: "北京市 · 東京都港区芝公園4丁目2-8"), "info-cjk") }
    @Test func arabicRightToLeft() { golden(.text(title: "القاهرة", snippet: "عاصمة جمهورية مصر العربية"), "info-arabic") }
    @Test func germanSpanishAndEmoji() { golden(.text(title: "Straße über Köln 🗺️", snippet: "¡Señor! ¿Qué tal? 📍"), "info-latin-emoji") }

    @Test func contentsViewInsideTheDefaultFrame() {
        let contents = UIView(frame: CGRect(x: 0, y: 0, width: 150, height: 40))
        let label = UILabel(frame: contents.bounds)
        label.text = "Contents"
        label.textAlignment = .center
        label.textColor = .systemBlue
        contents.addSubview(label)
        golden(.contents(contents), "info-contents")
    }

    @Test func customWindowWithLabelsImageAndBorder() {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        window.backgroundColor = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        window.layer.cornerRadius = 12
        window.layer.borderWidth = 3
        window.layer.borderColor = UIColor.orange.cgColor
        let icon = UIImageView(frame: CGRect(x: 10, y: 16, width: 48, height: 48))
        icon.image = GMSMarker.markerImage(with: .yellow)
        icon.contentMode = .scaleAspectFit
        let title = UILabel(frame: CGRect(x: 64, y: 12, width: 126, height: 24))
        title.text = "Custom"
        title.font = .boldSystemFont(ofSize: 18)
        title.textColor = .white
        let detail = UILabel(frame: CGRect(x: 64, y: 40, width: 126, height: 28))
        detail.text = "A whole window drawn as is"
        detail.font = .systemFont(ofSize: 12)
        detail.textColor = .lightGray
        detail.numberOfLines = 2
        [icon, title, detail].forEach(window.addSubview)
        golden(.window(window), "info-custom-window")
    }

    @Test func noContentNoWindow() {
        #expect(InfoWindowRenderer.render(.text(title: nil, snippet: nil), scale: 2) == nil)
        #expect(InfoWindowRenderer.render(.text(title: "", snippet: ""), scale: 2) == nil)
        #expect(InfoWindowRenderer.render(.window(UIView()), scale: 2) == nil)
        #expect(InfoWindowRenderer.render(.contents(UIView(frame: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 5))), scale: 2) == nil)
    }

    @Test func pointerTipIsAtTheBottomCentre() throws {
        let window = try #require(InfoWindowRenderer.render(.text(title: "London", snippet: nil), scale: 2))
        #expect(abs(window.anchor.x - window.image.size.width / 2) < 0.001)
        #expect(window.anchor.y < window.image.size.height && window.anchor.y > window.image.size.height - 12)
        #expect(window.hitRect.maxY == window.anchor.y)
        // The pointer just above its tip is white, the bubble's corner outside the hit area is not.
        let above = try #require(window.image.bitmap.color(x: Int(window.anchor.x * 2), y: Int((window.anchor.y - 3) * 2)))
        #expect(above.alpha == 1 && above.red > 0.99)
    }

    @Test func customWindowIsLimitedTo500Points() throws {
        let huge = UIView(frame: CGRect(x: 0, y: 0, width: 2_000, height: 900))
        huge.backgroundColor = .red
        let window = try #require(InfoWindowRenderer.render(.window(huge), scale: 2))
        #expect(window.image.size == CGSize(width: 500, height: 500))
        #expect(window.anchor == CGPoint(x: 250, y: 500))
    }

    @Test func megabyteSnippetIsTruncatedNotLaidOutWhole() throws {
        let snippet = String(repeating: "x", count: 1_000_000)
        let small = try #require(InfoWindowRenderer.render(.text(title: "T", snippet: "x"), scale: 2))
        let window = try #require(InfoWindowRenderer.render(.text(title: "T", snippet: snippet), scale: 2))
        // Bounded by the width limit and the line limit.
        #expect(window.image.size.width <= InfoWindowStyle.standard.maximumTextWidth + 80)
        #expect(window.image.size.height < small.image.size.height + 120)
    }

    @Test func textIsCentredLikeGoogles() throws {
        let window = try #require(InfoWindowRenderer.render(.text(title: "Wide title here", snippet: "x"), scale: 1))
        // Column of the image's centre passes through the title's ink in the first text row.
        let bitmap = window.image.bitmap
        let row = Int(InfoWindowStyle.standard.shadowMargin + InfoWindowStyle.standard.contentInsets.top + 8)
        var dark = 0
        for x in 0..<bitmap.width {
            if let c = bitmap.color(x: x, y: row), c.alpha > 0.9, c.red < 0.5 { dark += x < bitmap.width / 2 ? -1 : 1 }
        }
        #expect(abs(dark) < 12)
    }
}
