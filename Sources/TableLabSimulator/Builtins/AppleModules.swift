// The modules an app's `import` may name and find: Apple's SDK for iOS (and the Swift
// toolchain's own). TableLab has their names (what it simulates of them is another
// matter: an unsimulated type is an error where it is used); any other module is a
// third-party framework (CocoaPods, Swift packages) that TableLab does not have, and
// its import is swiftc's "no such module", as a build without the framework says.

enum AppleModules {
    /// Whether `import PATH` names one of Apple's modules (`UIKit.UIImage`: UIKit's).
    static func provides(_ path: String) -> Bool {
        let module = path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? path
        return names.contains(module)
    }

    /// The message for `import PATH`, nil when the module is Apple's.
    static func missingModuleMessage(_ path: String) -> UIKitMessage? {
        provides(path) ? nil : .noSuchModule(path)
    }

    /// Apple's frameworks in the iOS SDK, and the Swift toolchain's modules.
    static let names: Set<String> = [
        // The Swift toolchain.
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Distributed", "Observation", "Synchronization",
        "Dispatch", "ObjectiveC", "Darwin", "Glibc", "Foundation", "FoundationEssentials", "XCTest", "Testing", "os", "OSLog",
        // UIKit and the frameworks beside it.
        "UIKit", "SwiftUI", "SwiftData", "Combine", "CoreFoundation", "CoreGraphics", "CoreImage", "CoreText", "QuartzCore",
        "CoreData", "CloudKit", "CoreLocation", "CoreLocationUI", "MapKit", "Contacts", "ContactsUI", "EventKit", "EventKitUI",
        "Photos", "PhotosUI", "AVFoundation", "AVKit", "AVFAudio", "AudioToolbox", "CoreAudio", "CoreAudioKit", "CoreMedia",
        "CoreMIDI", "CoreVideo", "MediaPlayer", "MediaAccessibility", "VideoToolbox", "ImageIO", "MobileCoreServices",
        "CoreServices", "UniformTypeIdentifiers", "SafariServices", "WebKit", "MessageUI", "Messages", "UserNotifications",
        "UserNotificationsUI", "StoreKit", "GameKit", "GameController", "GameplayKit", "SpriteKit", "SceneKit", "ARKit",
        "RealityKit", "Metal", "MetalKit", "MetalPerformanceShaders", "ModelIO", "GLKit", "OpenGLES", "CoreML", "CreateML",
        "Vision", "VisionKit", "NaturalLanguage", "Speech", "SoundAnalysis", "CoreMotion", "CoreHaptics", "HealthKit",
        "HealthKitUI", "HomeKit", "AuthenticationServices", "LocalAuthentication", "Security", "CryptoKit", "CommonCrypto",
        "Network", "NetworkExtension", "SystemConfiguration", "CFNetwork", "MultipeerConnectivity", "NearbyInteraction",
        "CoreBluetooth", "CoreNFC", "CoreTelephony", "CoreSpotlight", "BackgroundTasks", "AppTrackingTransparency",
        "AdSupport", "AdServices", "iAd", "Accelerate", "Social", "Accounts", "AddressBook", "AddressBookUI", "AssetsLibrary",
        "NotificationCenter", "WatchConnectivity", "PassKit", "QuickLook", "QuickLookThumbnailing", "PDFKit", "PencilKit",
        "LinkPresentation", "WidgetKit", "ActivityKit", "AppIntents", "Intents", "IntentsUI", "CallKit", "PushKit",
        "ReplayKit", "ExternalAccessory", "CarPlay", "ClassKit", "DeviceCheck", "FileProvider", "FileProviderUI",
        "IdentityLookup", "IdentityLookupUI", "SensorKit", "StoreKitTest", "TipKit", "WeatherKit", "Charts",
        "VideoSubscriberAccount", "CoreTransferable", "SharedWithYou", "MusicKit", "ShazamKit", "GroupActivities",
        "ExposureNotification", "JavaScriptCore", "Twitter", "NewsstandKit", "CoreAudioTypes", "ColorSync",
        "Compression", "simd", "zlib", "libkern", "XCUIAutomation",
    ]
}
