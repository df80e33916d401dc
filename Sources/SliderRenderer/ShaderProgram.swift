import CGLES2

/// A linked program: compiles the embedded shaders, binds attribute locations, links.
struct ShaderProgram {
    let handle: GLuint
    let viewportLocation: GLint

    /// Compiles and links in the current context. Throws with the driver's log on failure, deleting whatever
    /// it created.
    /// `defines` are added to the fragment shader as `#define NAME 1` right after its `#version` line.
    init(vertexSource: String, fragmentSource: String, attributes: [(location: GLuint, name: String)], defines: [String] = []) throws(RendererError) {
        let vertex = try ShaderProgram.compile(vertexSource, type: GLenum(GL_VERTEX_SHADER), stage: "vertex")
        let fragment: GLuint
        do {
            fragment = try ShaderProgram.compile(ShaderProgram.adding(defines, to: fragmentSource), type: GLenum(GL_FRAGMENT_SHADER), stage: "fragment")
        } catch {
            glDeleteShader(vertex)
            throw error
        }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        for attribute in attributes {
            glBindAttribLocation(program, attribute.location, attribute.name)
        }
        glLinkProgram(program)
        // The program keeps the compiled stages; the shader objects are no longer needed.
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = ShaderProgram.infoLog(program, isProgram: true)
            glDeleteProgram(program)
            throw .programLink(log: log)
        }
        handle = program
        viewportLocation = glGetUniformLocation(program, "u_viewport")
    }

    func delete() { glDeleteProgram(handle) }

    /// `source` with a `#define NAME 1` line per name after its first line (`#version` must stay first).
    static func adding(_ defines: [String], to source: String) -> String {
        guard !defines.isEmpty, let newline = source.firstIndex(of: "\n") else { return source }
        let lines = defines.map { "#define \($0) 1\n" }.joined()
        return String(source[...newline]) + lines + String(source[source.index(after: newline)...])
    }

    private static func compile(_ source: String, type: GLenum, stage: String) throws(RendererError) -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, isProgram: false)
            glDeleteShader(shader)
            throw .shaderCompilation(stage: stage, log: log)
        }
        return shader
    }

    private static func infoLog(_ object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram { glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) } else { glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        guard length > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if isProgram { glGetProgramInfoLog(object, length, nil, &buffer) } else { glGetShaderInfoLog(object, length, nil, &buffer) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
